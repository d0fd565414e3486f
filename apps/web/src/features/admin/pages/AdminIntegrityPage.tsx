import { QUICK_SOLVE_SECONDS, type QuickSolver, type SharedAnswer } from '@bastion/contract';
import { useState } from 'react';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { formatDateTime } from '@/lib/format-time.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { QUICK_SOLVERS_PAGE_SIZE, useQuickSolvers } from '../api/get-quick-solvers.ts';
import { SHARED_ANSWERS_PAGE_SIZE, useSharedAnswers } from '../api/get-shared-answers.ts';
import type { Column } from '../components/data-table.tsx';
import { LearnerLink } from '../components/learner-link.tsx';
import { SubmissionsLink } from '../components/submissions-link.tsx';
import { PagedResults } from '../components/paged-results.tsx';
import { useSearchFilters } from '../lib/use-search-filters.ts';

const COLUMNS: Column<SharedAnswer>[] = [
  { key: 'at', label: 'When', render: (entry) => formatDateTime(entry.at), nowrap: true },
  { key: 'learner', label: 'Sent by', render: (entry) => <LearnerLink {...entry.learner} /> },
  { key: 'owner', label: 'Whose it was', render: (entry) => <LearnerLink {...entry.owner} /> },
  {
    key: 'item',
    label: 'Item',
    render: (entry) => (
      <>
        <SubmissionsLink filters={{ item: entry.item.id }} label={`Submissions to ${entry.item.title}`}>
          {entry.item.title}
        </SubmissionsLink>
        <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
          {entry.item.type === 'quiz' ? 'quiz' : 'challenge'}, secret {entry.secret}
        </Typography>
      </>
    ),
  },
];

const QUICK_COLUMNS: Column<QuickSolver>[] = [
  { key: 'learner', label: 'Learner', render: (entry) => <LearnerLink {...entry.learner} /> },
  { key: 'solves', label: 'Quick solves', render: (entry) => entry.solves },
  { key: 'without_lab', label: 'Lab never opened', render: (entry) => entry.without_lab },
  {
    key: 'when',
    label: 'When',
    render: (entry) => `${formatDateTime(entry.first_at)} to ${formatDateTime(entry.last_at)}`,
  },
  { key: 'items', label: 'Latest items', render: (entry) => entry.items.join(', ') },
  {
    key: 'answers',
    label: 'Answers',
    render: (entry) => (
      <SubmissionsLink
        filters={{ learner: entry.learner.id, result: 'right' }}
        label={`Right answers of ${entry.learner.username}`}
      >
        Right answers
      </SubmissionsLink>
    ),
  },
];

/**
 * /admin/integrity: answers that were not earned. Every learner's flags and level passwords are their own, so an
 * answer that is another learner's value was copied from them; it was refused as wrong, and it is listed here for a
 * person to judge. Nothing is taken away automatically.
 */
export function AdminIntegrityPage() {
  usePageTitle('Integrity');
  const filters = useSearchFilters([] as const);
  const shared = useSharedAnswers(filters.page);
  const [quickPage, setQuickPage] = useState(1);
  const quick = useQuickSolvers(quickPage);

  return (
    <Container maxWidth="xl" sx={pageContainerSx}>
      <PageHeader eyebrow="Console" title="Integrity">
        Each learner&apos;s flags and passwords in a lab are their own. An answer that was another learner&apos;s was
        refused as wrong and is listed here, with both learners, for you to judge: nothing is taken away automatically.
      </PageHeader>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Shared answers
      </Typography>
      <PagedResults
        query={shared}
        caption="Shared answers"
        noun={['shared answer', 'shared answers']}
        empty={{ title: 'No shared answers', text: "No learner has sent another learner's flag or password." }}
        columns={COLUMNS}
        rowKey={(entry) => entry.id}
        page={filters.page}
        pageSize={SHARED_ANSWERS_PAGE_SIZE}
        onPage={filters.setPage}
      />
      <Typography component="h2" variant="h6" sx={{ mt: 4, mb: 1 }}>
        Quick solves
      </Typography>
      <Typography sx={{ mb: 2, color: 'text.secondary', maxWidth: 720 }}>
        Lab items solved with the lab never opened, or within {QUICK_SOLVE_SECONDS} seconds of opening it: faster than
        the lab could have been worked. Several are a bulk solve, most often answers copied in from elsewhere.
      </Typography>
      <PagedResults
        query={quick}
        caption="Quick solves"
        noun={['learner', 'learners']}
        empty={{ title: 'No quick solves', text: 'No lab item was solved faster than its lab could be worked.' }}
        columns={QUICK_COLUMNS}
        rowKey={(entry) => entry.learner.id}
        page={quickPage}
        pageSize={QUICK_SOLVERS_PAGE_SIZE}
        onPage={setQuickPage}
      />
    </Container>
  );
}
