import type { ChallengeDetail } from '@bastion/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/lib/visually-hidden.ts';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { pageContainerSx } from '@/components/page-header.tsx';
import { EmptyState, LoadError } from '@/components/query-states.tsx';
import { apiErrorStatus, apiErrorText } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useChallenge } from '../api/get-challenge.ts';
import { ChallengeLoadState } from '../components/challenge-load-state.tsx';
import { useChallengeLeaderboard } from '../api/get-challenge-leaderboard.ts';
import { useChallengeProgress } from '../api/get-challenge-progress.ts';
import { ChallengeHeader } from '../components/challenge-header.tsx';
import { ChallengeLeaderboardTable } from '../components/challenge-leaderboard.tsx';
import { PremiumLock } from '../components/premium-lock.tsx';
import { ProgressSummary } from '../components/progress-summary.tsx';
import { ProgressTimeline } from '../components/progress-timeline.tsx';
import { challengePath } from '../lib/paths.ts';
import { plural } from '@/lib/plural.ts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 5 }}>
      <Typography id={id} variant="h5" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Loading({ label, height }: { label: string; height: number }) {
  return (
    <Box role="status" aria-live="polite">
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
      <Skeleton variant="rounded" height={height} aria-hidden />
    </Box>
  );
}

/** The learner's run: totals and the timeline of steps. */
function YourRun({ challenge }: { challenge: ChallengeDetail }) {
  const progress = useChallengeProgress(challenge.id);
  if (progress.isPending) return <Loading label="Loading your progress…" height={200} />;
  if (progress.isError) {
    if (apiErrorStatus(progress.error) === 403) return <PremiumLock message={apiErrorText(progress.error)} />;
    return (
      <LoadError title="Could not load your progress." error={progress.error} onRetry={() => void progress.refetch()} />
    );
  }
  if (progress.data.status === 'not_started') {
    return (
      <EmptyState
        title="Not started yet"
        action={
          <Button component={RouterLink} to={challengePath(challenge.id)} variant="contained">
            Go to the challenge
          </Button>
        }
      >
        Start the challenge to see your steps here.
      </EmptyState>
    );
  }
  return (
    <>
      <ProgressSummary progress={progress.data} maxPoints={challenge.points} />
      <Typography variant="h6" component="h3" sx={{ mt: 4, mb: 2 }}>
        Steps
      </Typography>
      <ProgressTimeline steps={progress.data.steps} />
    </>
  );
}

/** The challenge's solvers, polled every 30 s (R9) with the learner's own row highlighted. */
function Leaderboard({ challengeId }: { challengeId: string }) {
  const board = useChallengeLeaderboard(challengeId);
  const { username } = useSession();
  if (board.isPending) return <Loading label="Loading the leaderboard…" height={160} />;
  if (board.isError) {
    return (
      <LoadError title="Could not load the leaderboard." error={board.error} onRetry={() => void board.refetch()} />
    );
  }
  return (
    <>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {plural(board.data.total_solves, 'learner')} solved this challenge. Updated every 30 seconds.
      </Typography>
      <ChallengeLeaderboardTable board={board.data} username={username} />
    </>
  );
}

/** R2 /challenges/{uuid}/progress: the learner's timeline, totals and rank, and the challenge leaderboard. */
export function ChallengeProgressPage() {
  const { challengeId = '' } = useParams();
  const detail = useChallenge(challengeId);
  usePageTitle(detail.data ? `Progress: ${detail.data.title}` : 'Challenge progress');

  if (detail.isPending || detail.isError) {
    return (
      <ChallengeLoadState
        error={detail.error}
        loadingLabel="Loading your progress…"
        onRetry={() => void detail.refetch()}
      />
    );
  }

  return (
    <Container maxWidth="md" sx={pageContainerSx}>
      <ChallengeHeader
        challenge={detail.data}
        eyebrow="Your progress"
        back={{ to: challengePath(detail.data.id), label: 'Back to the challenge' }}
      />
      <Section id="your-run-title" title="Your run">
        <YourRun challenge={detail.data} />
      </Section>
      <Section id="leaderboard-title" title="Leaderboard">
        <Leaderboard challengeId={detail.data.id} />
      </Section>
    </Container>
  );
}
