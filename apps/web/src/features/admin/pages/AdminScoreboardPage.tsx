import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useScoreboardStatus } from '../api/scoreboard.ts';
import { LearnerSolves } from '../components/learner-solves.tsx';
import { PointsAdjustmentForm } from '../components/points-adjustment-form.tsx';
import { ScoreboardStateForm } from '../components/scoreboard-state-form.tsx';

function Section({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2.5, mb: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{intro}</Typography>
      {children}
    </Paper>
  );
}

/** /admin/scoreboard: freeze or hide the leaderboard, award or deduct points, remove a learner's solves. */
export function AdminScoreboardPage() {
  usePageTitle('Scoreboard');
  const status = useScoreboardStatus();

  return (
    <Container maxWidth="lg" sx={pageContainerSx}>
      <PageHeader eyebrow="Console" title="Scoreboard">
        Every change here is in the audit log; a learner whose points change is told why.
      </PageHeader>
      <Section
        title="Leaderboard"
        intro="Frozen, learners see the ranks as they stood when you froze it; points earned meanwhile count once it is live again. Hidden, they see a message instead of ranks."
      >
        {status.isPending && <LoadingBlock label="Loading the leaderboard's state…" />}
        {status.isError && (
          <LoadError
            title="The leaderboard's state could not be loaded."
            error={status.error}
            onRetry={() => void status.refetch()}
          />
        )}
        {status.data && <ScoreboardStateForm key={status.data.mode} status={status.data} />}
      </Section>
      <Section
        title="Award or deduct points"
        intro="Counts towards all time, this month and this week, as if earned now. A deduction never takes a learner below zero."
      >
        <PointsAdjustmentForm />
      </Section>
      <Section
        title="Remove solves"
        intro="Removing a challenge or quiz solve takes back the points it earned, in the periods it earned them, and opens it again."
      >
        <LearnerSolves />
      </Section>
    </Container>
  );
}
