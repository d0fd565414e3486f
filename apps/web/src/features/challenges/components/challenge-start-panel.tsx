import type { ChallengeDetail } from '@bastion/contract';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ChallengeStart } from '../api/start-first.ts';
import { plural } from '@/lib/plural.ts';

/**
 * Before the first step: what lies ahead, and the Start button (the server's start is idempotent). The steps
 * show below it: the first answer or hint starts the challenge too.
 */
export function ChallengeStartPanel({ challenge, start }: { challenge: ChallengeDetail; start: ChallengeStart }) {
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
        counts from the moment you start: press Start, or answer step 1 when you are ready.
      </Typography>
      <Button
        variant="contained"
        size="large"
        startIcon={<PlayArrow />}
        disabled={start.pending}
        onClick={() => void start.ensure()}
      >
        {start.pending ? 'Starting…' : 'Start the challenge'}
      </Button>
    </Paper>
  );
}
