import type { ChallengeDetail } from '@bastion/contract';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useStartChallenge } from '../api/start-challenge.ts';
import { plural } from '../../../lib/plural.ts';

/** Before the first step: what lies ahead, and the Start button (the server's start is idempotent). */
export function ChallengeStartPanel({ challenge }: { challenge: ChallengeDetail }) {
  const start = useStartChallenge();
  return (
    <Paper
      component="section"
      aria-labelledby="challenge-start-title"
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3, mt: 4 }}
    >
      <Typography id="challenge-start-title" variant="h5" component="h2">
        Ready when you are
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 2.5 }}>
        {plural(challenge.steps_count, 'step')} worth {plural(challenge.points, 'point')}, solved in order. Your time
        counts from the moment you start.
      </Typography>
      <Button
        variant="contained"
        size="large"
        startIcon={<PlayArrow />}
        disabled={start.isPending}
        onClick={() => start.mutate(challenge.id)}
      >
        {start.isPending ? 'Starting…' : 'Start the challenge'}
      </Button>
    </Paper>
  );
}
