import {
  LEARNER_ROLES,
  LEARNER_SORTS,
  LEARNER_STATES,
  type LearnerRole,
  type LearnerRow,
  type LearnerSort,
  type LearnerState,
} from '@bastion/contract';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import { FilterBar, FilterSelect } from '@/components/filter-bar.tsx';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { formatDateTime } from '@/lib/format-time.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { exportLearners, LEARNERS_PAGE_SIZE, useLearnerSearch } from '../api/search-learners.ts';
import { CsvExport } from '../components/csv-export.tsx';
import type { Column } from '../components/data-table.tsx';
import { PagedResults } from '../components/paged-results.tsx';
import { LearnerLink } from '../components/learner-link.tsx';
import { StatusChips } from '../components/status-chips.tsx';
import { SubmissionsLink } from '../components/submissions-link.tsx';
import { useSearchFilters } from '../lib/use-search-filters.ts';

const SORT_LABELS: Record<LearnerSort, string> = {
  '-date_joined': 'Newest first',
  date_joined: 'Oldest first',
  username: 'Username, A to Z',
  '-username': 'Username, Z to A',
  '-points': 'Most points',
  points: 'Fewest points',
  '-last_login': 'Last signed in',
  last_login: 'Longest since signing in',
};

const ROLE_LABELS: Record<LearnerRole, string> = {
  learners: 'Learners',
  staff: 'Staff',
  everyone: 'Everyone',
};
const ROLE_CAPTIONS: Record<LearnerRole, string> = {
  learners: 'Learners',
  staff: 'Staff accounts',
  everyone: 'All accounts',
};

const STATE_LABELS: Record<LearnerState, string> = {
  disabled: 'Disabled',
  premium: 'Premium now',
  unverified: 'Email not verified',
  two_factor: 'Two-factor sign-in on',
};

const COLUMNS: Column<LearnerRow>[] = [
  {
    key: 'username',
    label: 'Username',
    render: (learner) => <LearnerLink id={learner.id} username={learner.username} />,
  },
  { key: 'name', label: 'Name', render: (learner) => `${learner.first_name} ${learner.last_name}`.trim() || '—' },
  { key: 'email', label: 'Email', render: (learner) => learner.email },
  { key: 'points', label: 'Points', render: (learner) => learner.points.toLocaleString(), nowrap: true },
  { key: 'joined', label: 'Joined', render: (learner) => formatDateTime(learner.date_joined), nowrap: true },
  { key: 'status', label: 'Status', render: (learner) => <StatusChips learner={learner} /> },
  {
    key: 'answers',
    label: 'Answers',
    render: (learner) => (
      <SubmissionsLink filters={{ learner: learner.id }} label={`Submissions of ${learner.username}`}>
        Submissions
      </SubmissionsLink>
    ),
  },
];

const oneOf = <V extends string>(options: readonly V[], value: string, fallback: V): V =>
  (options as readonly string[]).includes(value) ? (value as V) : fallback;

/** /admin/learners: find an account by username, email or name; learners only unless staff are asked for. */
export function AdminLearnersPage() {
  usePageTitle('Learners');
  const filters = useSearchFilters(['search', 'sort', 'role', 'state'] as const);
  const sort = oneOf(LEARNER_SORTS, filters.applied.sort, '-date_joined');
  const role = oneOf(LEARNER_ROLES, filters.applied.role, 'learners');
  const state = (LEARNER_STATES as readonly string[]).includes(filters.applied.state)
    ? (filters.applied.state as LearnerState)
    : undefined;
  const query = { search: filters.applied.search, sort, role, state };
  const learners = useLearnerSearch(query, filters.page);

  return (
    <Container maxWidth="xl" sx={pageContainerSx}>
      <PageHeader eyebrow="Console" title="Learners">
        Search by username, email or name, or pick a state, then open an account to see it and act on it. Staff accounts
        are listed under Staff, not among learners.
      </PageHeader>
      <FilterBar
        label="Find learners"
        columns="2fr 1fr 1fr 1fr auto"
        canClear={filters.canClear}
        onClear={filters.clear}
      >
        <TextField
          label="Search"
          type="search"
          value={filters.draft.search}
          onChange={(event) => filters.set('search', event.target.value)}
        />
        <FilterSelect
          label="Order"
          value={(filters.draft.sort || '-date_joined') as LearnerSort}
          options={LEARNER_SORTS}
          labelOf={(option) => SORT_LABELS[option]}
          onChange={(value) => filters.set('sort', value)}
        />
        <FilterSelect
          label="Accounts"
          value={oneOf(LEARNER_ROLES, filters.draft.role, 'learners')}
          options={LEARNER_ROLES}
          labelOf={(option) => ROLE_LABELS[option]}
          onChange={(value) => filters.set('role', value === 'learners' ? '' : value)}
        />
        <FilterSelect
          label="State"
          anyLabel="Any state"
          value={filters.draft.state as LearnerState | ''}
          options={LEARNER_STATES}
          labelOf={(option) => STATE_LABELS[option]}
          onChange={(value) => filters.set('state', value)}
        />
      </FilterBar>
      <CsvExport download={() => exportLearners(query)} failure="The list could not be downloaded.">
        Every account these filters match, not only this page, with names and email addresses: personal data. The
        download is recorded in the audit log.
      </CsvExport>
      <PagedResults
        query={learners}
        caption={ROLE_CAPTIONS[role]}
        noun={role === 'learners' ? ['learner', 'learners'] : ['account', 'accounts']}
        empty={{
          title: role === 'learners' ? 'No learners found' : 'No accounts found',
          text: 'Nobody matches this search.',
        }}
        columns={COLUMNS}
        rowKey={(row) => row.id}
        page={filters.page}
        pageSize={LEARNERS_PAGE_SIZE}
        onPage={filters.setPage}
      />
    </Container>
  );
}
