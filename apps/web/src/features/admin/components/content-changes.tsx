import type { ContentChange, ContentDryRun } from '@bastion/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataTable, type Column } from './data-table.tsx';

const CHANGE_LABELS: Record<ContentChange['change'], string> = {
  create: 'Created',
  change: 'Changed',
  hide: 'Hidden (left the folder)',
};
const KIND_LABELS: Record<ContentChange['kind'], string> = {
  course: 'Course',
  module: 'Module',
  lesson: 'Lesson',
  quiz: 'Quiz',
  badge: 'Badge',
  challenge: 'Challenge',
};

const columns: Column<ContentChange>[] = [
  { key: 'change', label: 'Import would', render: (row) => CHANGE_LABELS[row.change], nowrap: true },
  { key: 'kind', label: 'Kind', render: (row) => KIND_LABELS[row.kind], nowrap: true },
  { key: 'title', label: 'Item', render: (row) => row.title },
  { key: 'slug', label: 'Slug', render: (row) => row.slug, nowrap: true },
];

/** What the checked import would create, change and hide, item by item. */
export function ContentChanges({ report }: { report: ContentDryRun }) {
  const counts = report.change_counts;
  if (!report.changes || !counts) return null;
  const total = counts.create + counts.change + counts.hide;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        What the import would do
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 1 }}>
        {total === 0
          ? 'Nothing: the database already holds this folder as it is.'
          : `${counts.create} created, ${counts.change} changed, ${counts.hide} hidden.` +
            (report.changes.length < total ? ` The first ${report.changes.length} are listed.` : '')}
      </Typography>
      {report.changes.length > 0 && (
        <DataTable
          caption="What the import would create, change and hide"
          columns={columns}
          rows={report.changes}
          rowKey={(row) => `${row.kind}:${row.slug}:${row.change}`}
        />
      )}
    </Box>
  );
}
