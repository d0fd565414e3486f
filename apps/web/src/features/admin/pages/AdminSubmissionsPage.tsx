import { SUBMISSION_RESULTS, type Submission, type SubmissionResult } from '@bastion/contract';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { FilterBar, FilterSelect } from '@/components/filter-bar.tsx';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { apiErrorBody, apiErrorStatus } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format-time.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { exportSubmissions } from '../api/export-submissions.ts';
import { SUBMISSIONS_PAGE_SIZE, useSubmissions, type SubmissionFilters } from '../api/get-submissions.ts';
import { CsvExport } from '../components/csv-export.tsx';
import type { Column } from '../components/data-table.tsx';
import { LearnerLink } from '../components/learner-link.tsx';
import { PagedResults } from '../components/paged-results.tsx';
import { sameAnswerPath, SubmissionMarks } from '../components/submission-marks.tsx';
import { useSearchFilters } from '../lib/use-search-filters.ts';

const FILTERS = [
  'learner',
  'item',
  'result',
  'fingerprint',
  'from',
  'to',
] as const satisfies readonly (keyof SubmissionFilters)[];

const RESULT_LABELS: Record<SubmissionResult, string> = { right: 'Right', wrong: 'Wrong' };

const secondary = { display: 'block', color: 'text.secondary' } as const;

const COLUMNS: Column<Submission>[] = [
  { key: 'at', label: 'When', render: (entry) => formatDateTime(entry.at), nowrap: true },
  {
    key: 'learner',
    label: 'Learner',
    render: (entry) => (
      <>
        <LearnerLink {...entry.learner} />
        <Typography component="span" variant="body2" sx={secondary}>
          {entry.ip ? `from ${entry.ip}` : 'address not known'}
        </Typography>
      </>
    ),
  },
  {
    key: 'item',
    label: 'Item',
    render: (entry) => (
      <>
        <Link component={RouterLink} to={`/admin/submissions?item=${entry.item.id}`}>
          {entry.item.title}
        </Link>
        <Typography component="span" variant="body2" sx={secondary}>
          {entry.item.step === null ? 'quiz' : `challenge, step ${entry.item.step}`}
        </Typography>
      </>
    ),
  },
  {
    key: 'result',
    label: 'Answer',
    render: (entry) =>
      entry.correct ? (
        <Typography component="span" sx={{ fontWeight: 700, color: 'success.main' }}>
          Right
        </Typography>
      ) : (
        <>
          Wrong
          {entry.fingerprint && (
            <Link
              component={RouterLink}
              to={sameAnswerPath(entry)}
              aria-label={`Answers with fingerprint ${entry.fingerprint} to ${entry.item.title}`}
              sx={{ ...secondary, fontFamily: 'monospace' }}
            >
              {entry.fingerprint}
            </Link>
          )}
        </>
      ),
  },
  { key: 'marks', label: 'Marks', render: (entry) => <SubmissionMarks entry={entry} /> },
];

/** The first message of each field the server refused (a 400), so the filter that caused it says so. */
function fieldErrorsOf(error: unknown): Partial<Record<keyof SubmissionFilters, string>> {
  const body = apiErrorStatus(error) === 400 ? apiErrorBody(error) : null;
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(body).map(([field, messages]) => [field, Array.isArray(messages) ? String(messages[0]) : '']),
  );
}

/**
 * /admin/submissions: every judged answer to a quiz or a challenge step, who sent it, when and from where, with the
 * marks the platform put on it (shared answers, quick and bulk solves, the same wrong answer from several learners),
 * and a CSV export of what the filters match. Read-only.
 */
export function AdminSubmissionsPage() {
  usePageTitle('Submissions');
  const filters = useSearchFilters(FILTERS);
  const log = useSubmissions(filters.applied, filters.page);
  const errors = fieldErrorsOf(log.error);
  const since = log.data?.recorded_since;
  const text = (key: 'learner' | 'item' | 'fingerprint' | 'from' | 'to', label: string, helper?: string) => ({
    label,
    value: filters.draft[key],
    onChange: (event: { target: { value: string } }) => filters.set(key, event.target.value),
    error: Boolean(errors[key]),
    helperText: errors[key] ?? helper,
  });
  const day = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;

  return (
    <Container maxWidth="xl" sx={pageContainerSx}>
      <PageHeader eyebrow="Console" title="Submissions">
        Every answer to a quiz or a challenge step: who sent it, when and from which address, right or wrong
        {since ? `, since ${formatDateTime(since)}` : ''}. Earlier answers were only counted. A wrong answer is kept as
        a fingerprint, never as the answer: the same answer to the same item has the same fingerprint. A right answer is
        kept once, when it solved the item.
      </PageHeader>
      <FilterBar
        label="Filter the submissions"
        columns="repeat(6, 1fr) auto"
        canClear={filters.canClear}
        onClear={filters.clear}
      >
        <TextField {...text('learner', 'Learner', 'A username or an id')} />
        <TextField {...text('item', 'Item', 'A title or an id')} />
        <FilterSelect
          label="Answer"
          anyLabel="Right or wrong"
          value={filters.draft.result as SubmissionResult | ''}
          options={SUBMISSION_RESULTS}
          labelOf={(option) => RESULT_LABELS[option]}
          onChange={(value) => filters.set('result', value)}
        />
        <TextField {...text('fingerprint', 'Fingerprint')} />
        <TextField {...day} {...text('from', 'From')} />
        <TextField {...day} {...text('to', 'To')} />
      </FilterBar>
      <CsvExport download={() => exportSubmissions(filters.applied)} failure="The submissions could not be downloaded.">
        Every answer these filters match, not only this page. The download is recorded in the audit log.
      </CsvExport>
      <PagedResults
        query={log}
        caption="Submissions"
        noun={['answer', 'answers']}
        empty={{ title: 'No answers', text: 'No answer matches these filters.' }}
        columns={COLUMNS}
        rowKey={(entry) => entry.id}
        page={filters.page}
        pageSize={SUBMISSIONS_PAGE_SIZE}
        onPage={filters.setPage}
      />
    </Container>
  );
}
