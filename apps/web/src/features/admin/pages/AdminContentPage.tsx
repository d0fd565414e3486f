import type { ContentOverview, ImportedKind } from '@bastion/contract';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useContentOverview } from '../api/content.ts';
import { ContentCheck } from '../components/content-check.tsx';
import { DataTable, type Column } from '../components/data-table.tsx';
import { ImportRunFacts } from '../components/import-run-facts.tsx';

const KIND_LABELS: Record<ImportedKind, string> = {
  courses: 'Courses',
  modules: 'Modules',
  items: 'Lessons and quizzes',
  challenges: 'Challenges',
  badges: 'Badges',
};

type ImportedRow = ContentOverview['imported'][number];
const COLUMNS: Column<ImportedRow>[] = [
  { key: 'kind', label: 'Kind', render: (row) => KIND_LABELS[row.kind] },
  { key: 'visible', label: 'Shown to learners', render: (row) => row.visible.toLocaleString(), nowrap: true },
  { key: 'hidden', label: 'Hidden (left the folder)', render: (row) => row.hidden.toLocaleString(), nowrap: true },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2.5, minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /admin/content: what is imported, the last import, and a new import of the server's folder, checked first. */
export function AdminContentPage() {
  usePageTitle('Content');
  const overview = useContentOverview();
  return (
    <Container maxWidth="lg" sx={pageContainerSx}>
      <PageHeader eyebrow="Console" title="Content">
        The server imports its content folder at every start. After changing the folder, check it here and import it
        again, without a restart.
      </PageHeader>
      {overview.isPending ? (
        <LoadingBlock label="Loading the content…" />
      ) : overview.isError ? (
        <LoadError
          title="The content could not be loaded."
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Section id="imported-heading" title="Imported">
            <DataTable
              caption="Imported content"
              columns={COLUMNS}
              rows={overview.data.imported}
              rowKey={(row) => row.kind}
            />
          </Section>
          <Section id="last-import-heading" title="Last import">
            {overview.data.last_import ? (
              <ImportRunFacts run={overview.data.last_import} />
            ) : (
              <Typography>No import is recorded yet.</Typography>
            )}
          </Section>
          <Section id="import-heading" title="Import again">
            <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
              The folder is <code>{overview.data.dir}</code> (<code>CONTENT_DIR</code>). Checking it changes nothing;
              warnings do not stop an import.
            </Typography>
            <ContentCheck />
          </Section>
        </Box>
      )}
    </Container>
  );
}
