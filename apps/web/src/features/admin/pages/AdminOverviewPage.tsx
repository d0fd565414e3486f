import type { Overview } from '@bastion/contract';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useSearchParams } from 'react-router';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { StatTile, statListSx } from '@/components/stat-tile.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useOverview } from '../api/get-overview.ts';
import { Figure } from '../components/figure.tsx';

const PERIODS = [7, 30, 90] as const;
type Ranked = Overview['most_finished_modules'];

const days = (series: { day: string }[]) => series.map((point) => point.day);
const counts = (series: { count: number }[]) => series.map((point) => point.count);
const ranking = (items: Ranked, label: string) => ({
  kind: 'ranking' as const,
  labelHeading: label,
  labels: items.map((item) => `${item.title} (${item.context})`),
  series: [{ label: 'Count', data: counts(items) }],
});

/** /admin/overview: how many learn, what they finish, where they stumble and what they say. */
export function AdminOverviewPage() {
  usePageTitle('Overview');
  const [params, setParams] = useSearchParams();
  const period = PERIODS.find((value) => String(value) === params.get('days')) ?? 30;
  const overview = useOverview(period);

  return (
    <Container maxWidth="xl" sx={pageContainerSx}>
      <PageHeader eyebrow="Console" title="Overview">
        Days are UTC days. A learner is active on a day they earned points.
      </PageHeader>
      <TextField
        select
        label="Period"
        size="small"
        fullWidth={false}
        value={String(period)}
        onChange={(event) => setParams({ days: event.target.value })}
        sx={{ mb: 3, minWidth: 180 }}
      >
        {PERIODS.map((value) => (
          <MenuItem key={value} value={String(value)}>
            Last {value} days
          </MenuItem>
        ))}
      </TextField>
      {overview.isPending ? (
        <LoadingBlock label="Loading the overview…" />
      ) : overview.isError ? (
        <LoadError
          title="The overview could not be loaded."
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <OverviewFigures data={overview.data} />
      )}
    </Container>
  );
}

function OverviewFigures({ data }: { data: Overview }) {
  const { learners } = data;
  return (
    <>
      <Box component="ul" aria-label="Learners" sx={{ ...statListSx, mb: 3 }}>
        <StatTile label="Learners" value={learners.total.toLocaleString()} />
        <StatTile label="Active today" value={learners.active_1d.toLocaleString()} />
        <StatTile label="Active in 7 days" value={learners.active_7d.toLocaleString()} />
        <StatTile label="Active in 30 days" value={learners.active_30d.toLocaleString()} />
      </Box>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <Figure
          title="New learners per day"
          file="new-learners"
          kind="bar"
          labelHeading="Day"
          labels={days(data.new_learners)}
          series={[{ label: 'New learners', data: counts(data.new_learners) }]}
        />
        <Figure
          title="Completions and solves per day"
          file="completions"
          kind="line"
          labelHeading="Day"
          labels={days(data.module_completions)}
          series={[
            { label: 'Modules completed', data: counts(data.module_completions) },
            { label: 'Challenges solved', data: counts(data.challenge_solves) },
          ]}
        />
        <Figure
          title="Most finished modules"
          file="most-finished-modules"
          {...ranking(data.most_finished_modules, 'Module')}
        />
        <Figure
          title="Least finished modules"
          file="least-finished-modules"
          {...ranking(data.least_finished_modules, 'Module')}
        />
        <Figure
          title="Quizzes with the most wrong answers"
          file="most-missed-quizzes"
          {...ranking(data.most_missed_quizzes, 'Quiz')}
        />
        <Figure
          title="Challenge steps with the most wrong answers"
          file="most-missed-steps"
          {...ranking(data.most_missed_steps, 'Step')}
        />
        <Figure
          title="Hints taken per day"
          file="hints"
          kind="bar"
          labelHeading="Day"
          labels={days(data.hints_taken)}
          series={[{ label: 'Hints taken', data: counts(data.hints_taken) }]}
        />
        <Figure
          title="Feedback rating per day"
          file="feedback-ratings"
          kind="line"
          labelHeading="Day"
          labels={days(data.feedback_ratings)}
          series={[
            { label: 'Average rating', data: data.feedback_ratings.map((point) => point.average) },
            { label: 'Feedback sent', data: counts(data.feedback_ratings) },
          ]}
        />
      </Box>
    </>
  );
}
