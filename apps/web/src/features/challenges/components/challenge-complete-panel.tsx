import type { ChallengeDetail } from '@bastion/contract';
import Leaderboard from '@mui/icons-material/Leaderboard';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { completionShareText, ShareButtons } from '@/components/share-buttons.tsx';
import { SuccessActions, SuccessHeading } from '@/components/success-heading.tsx';
import { useChallengeProgress } from '../api/get-challenge-progress.ts';
import { formatDuration } from '../lib/format.ts';
import { completionPath, progressPath } from '../lib/paths.ts';
import { plural } from '@/lib/plural.ts';

interface ChallengeCompletePanelProps {
  challenge: ChallengeDetail;
  completionId: string;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The challenge's success state: the points earned, the progress page and the public record to share. */
export function ChallengeCompletePanel({ challenge, completionId, headingRef }: ChallengeCompletePanelProps) {
  const progress = useChallengeProgress(challenge.id);
  const run = progress.data;
  const shareUrl = `${window.location.origin}${completionPath(completionId)}`;

  return (
    <Paper
      component="section"
      aria-labelledby="challenge-complete-title"
      variant="outlined"
      sx={(theme) => ({
        p: { xs: 2.5, sm: 4 },
        mb: 4,
        borderRadius: 3,
        textAlign: { xs: 'left', sm: 'center' },
        borderColor: 'success.main',
        background: `radial-gradient(ellipse at top, ${theme.palette.heroGlow}, transparent 70%)`,
      })}
    >
      <SuccessHeading id="challenge-complete-title" headingRef={headingRef} iconSize={56}>
        Challenge complete!
      </SuccessHeading>
      <Typography sx={{ color: 'text.secondary', mt: 1, maxWidth: 560, mx: { sm: 'auto' } }}>
        {run
          ? `You earned ${plural(run.points_earned, 'point')} of ${challenge.points}` +
            (run.time_taken_seconds !== null ? ` in ${formatDuration(run.time_taken_seconds)}` : '') +
            (run.hints_used > 0 ? `, with ${plural(run.hints_used, 'hint')}.` : ', without a hint.') +
            (run.rank !== null ? ` You are #${run.rank} on this challenge's leaderboard.` : '')
          : `You solved every step of ${challenge.title}.`}
      </Typography>
      <SuccessActions mt={3}>
        <Button component={RouterLink} to={completionPath(completionId)} variant="contained" size="large">
          View your completion page
        </Button>
        <Button
          component={RouterLink}
          to={progressPath(challenge.id)}
          variant="outlined"
          size="large"
          startIcon={<Leaderboard />}
        >
          Your progress and leaderboard
        </Button>
      </SuccessActions>
      <Typography variant="h6" component="h3" sx={{ mt: 4, mb: 1.5 }}>
        Share your achievement
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: { sm: 'center' } }}>
        <ShareButtons url={shareUrl} text={completionShareText('I', 'challenge', challenge.title)} />
      </Box>
    </Paper>
  );
}
