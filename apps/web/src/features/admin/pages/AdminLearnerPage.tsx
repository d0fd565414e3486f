import type { LearnerDetail } from '@bastion/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { LoadError, LoadingBlock, NotFoundState } from '@/components/query-states.tsx';
import { isMissing } from '@/lib/api-errors.ts';
import { formatDateTime } from '@/lib/format-time.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useLearner } from '../api/get-learner.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { FactList } from '../components/fact-list.tsx';
import { LearnerActions } from '../components/learner-actions.tsx';
import { StatusChips } from '../components/status-chips.tsx';

type Session = LearnerDetail['sessions'][number];

const SESSION_COLUMNS: Column<Session>[] = [
  { key: 'last', label: 'Last used', render: (session) => formatDateTime(session.last_used_at), nowrap: true },
  { key: 'device', label: 'Device', render: (session) => session.user_agent ?? '—' },
  { key: 'ip', label: 'Address', render: (session) => session.ip ?? '—', nowrap: true },
  { key: 'started', label: 'Signed in', render: (session) => formatDateTime(session.created_at), nowrap: true },
  {
    key: 'state',
    label: 'State',
    render: (session) =>
      session.revoked_at
        ? `Ended ${formatDateTime(session.revoked_at)}${session.revoked_reason ? ` (${session.revoked_reason.replaceAll('_', ' ')})` : ''}`
        : new Date(session.expires_at).getTime() < Date.now()
          ? 'Expired'
          : 'Live',
  },
];

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function premiumText(learner: LearnerDetail): string {
  if (!learner.is_premium) return 'No';
  return learner.premium_until ? `Until ${formatDateTime(learner.premium_until)}` : 'Yes, with no end date';
}

/** /admin/learners/{id}: one account, what it has done, and what an operator may do to it. */
export function AdminLearnerPage() {
  const { id = '' } = useParams();
  const learner = useLearner(id);
  usePageTitle(learner.data ? `${learner.data.username} · Learners` : 'Learner');

  if (learner.isPending) {
    return (
      <Container maxWidth="lg" sx={pageContainerSx}>
        <LoadingBlock label="Loading the learner…" />
      </Container>
    );
  }
  if (learner.isError) {
    return (
      <Container maxWidth="lg" sx={pageContainerSx}>
        {isMissing(learner.error) ? (
          <NotFoundState what="Learner" backTo="/admin/learners" backLabel="Find learners" />
        ) : (
          <LoadError
            title="The learner could not be loaded."
            error={learner.error}
            onRetry={() => void learner.refetch()}
            titleIsHeading
          />
        )}
      </Container>
    );
  }

  const data = learner.data;
  const name = `${data.first_name} ${data.last_name}`.trim();
  return (
    <Container maxWidth="lg" sx={pageContainerSx}>
      <PageHeader eyebrow="Learner" title={data.username}>
        <StatusChips learner={data} />
      </PageHeader>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 3 }}>
        <Paper variant="outlined" component="section" aria-labelledby="profile-heading" sx={{ p: 2.5 }}>
          <Typography id="profile-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            Profile
          </Typography>
          <FactList
            label="Profile"
            facts={[
              ['Name', name || '—'],
              ['Email', data.email],
              ['Country', data.country || '—'],
              ['Joined', formatDateTime(data.date_joined)],
              ['Last sign-in', formatDateTime(data.last_login) ?? 'Never'],
              ['Email verified', yesNo(data.is_verified)],
              ['Two-factor sign-in', data.two_factor ? 'On' : 'Off'],
              ['Premium', premiumText(data)],
            ]}
          />
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="progress-heading" sx={{ p: 2.5 }}>
          <Typography id="progress-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            Points and progress
          </Typography>
          <FactList
            label="Points and progress"
            facts={[
              ['Points', data.points.toLocaleString()],
              ['Streak', `${data.streak} (longest ${data.longest_streak})`],
              ['Lessons and quizzes', data.progress.lessons_and_quizzes],
              ['Modules completed', data.progress.modules],
              ['Courses completed', data.progress.courses],
              ['Challenges solved', data.progress.challenges],
            ]}
          />
        </Paper>
      </Box>
      <Paper variant="outlined" sx={{ p: 2.5, mb: 3 }}>
        <LearnerActions learner={data} />
      </Paper>
      <Box component="section" aria-labelledby="sessions-heading" sx={{ mb: 3 }}>
        <Typography id="sessions-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Sessions
        </Typography>
        {data.sessions.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>Never signed in.</Typography>
        ) : (
          <DataTable
            caption="Newest sessions"
            columns={SESSION_COLUMNS}
            rows={data.sessions}
            rowKey={(row) => row.id}
          />
        )}
      </Box>
      <Button component={RouterLink} to={`/admin/audit?target=${data.id}`}>
        Audit log of this account
      </Button>
    </Container>
  );
}
