import type { ContentItem } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { EmptyState, LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { apiErrorText } from '@/lib/api-client.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useChangeOverride, useContentItems, type OverrideChange } from '../api/content-items.ts';
import { ContentItemsTable } from '../components/content-items-table.tsx';

const isChallengeSide = (item: ContentItem) => item.kind === 'challenge' || item.kind === 'step';

/** /admin/items: hide or show items and change a step's points without a re-import, as overrides kept until cleared. */
export function AdminItemsPage() {
  usePageTitle('Items');
  const items = useContentItems();
  const change = useChangeOverride();
  const snackbar = useSnackbar();
  const [reason, setReason] = useState('');

  function act(next: OverrideChange) {
    const request = 'clear' in next ? next : { ...next, body: { ...next.body, reason: reason.trim() || null } };
    change.mutate(request, {
      onSuccess: (item) => {
        const what =
          'clear' in next
            ? 'back to its content values'
            : item.kind === 'step'
              ? `${item.points} points`
              : item.hidden
                ? 'hidden'
                : 'shown';
        snackbar.show(`${item.title}: ${what}.`, 'success');
      },
    });
  }

  const rows = items.data ?? [];
  return (
    <Container maxWidth="lg" sx={pageContainerSx}>
      <PageHeader eyebrow="Console" title="Items">
        Hide or show a course, module, lesson, quiz or challenge, or change a challenge step's points, without a
        re-import. An override stays through every import until you clear it; each change is in the audit log.
      </PageHeader>
      <TextField
        label="Reason (optional)"
        helperText="Kept with each change you make here, in the override and the audit log."
        size="small"
        fullWidth
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        sx={{ mb: 2 }}
      />
      {change.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {apiErrorText(change.error, 'The change could not be saved.')}
        </Alert>
      )}
      {items.isPending && <LoadingBlock label="Loading the items…" />}
      {items.isError && (
        <LoadError title="The items could not be loaded." error={items.error} onRetry={() => void items.refetch()} />
      )}
      {items.data && rows.length === 0 && (
        <EmptyState title="No items">Nothing is imported yet: import the content on the Content page.</EmptyState>
      )}
      {rows.length > 0 && (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Courses
          </Typography>
          <ContentItemsTable
            caption="Courses, modules, lessons and quizzes"
            items={rows.filter((item) => !isChallengeSide(item))}
            busy={change.isPending}
            onChange={act}
          />
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            Challenges
          </Typography>
          <ContentItemsTable
            caption="Challenges and their steps"
            items={rows.filter(isChallengeSide)}
            busy={change.isPending}
            onChange={act}
          />
        </>
      )}
    </Container>
  );
}
