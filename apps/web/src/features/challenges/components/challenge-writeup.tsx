import type { ChallengeWriteup as Writeup } from '@bastion/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { useChallengeWriteup } from '../api/get-challenge-writeup.ts';
import { ChallengeMarkdown } from './challenge-markdown.tsx';

/** A fence longer than any run of backticks in the commands, so they show as written. */
function fenced(code: string): string {
  const longest = Math.max(2, ...Array.from(code.matchAll(/`+/g), (run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}sh\n${code}\n${fence}`;
}

function WriteupStep({ step }: { step: Writeup['steps'][number] }) {
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={`writeup-step-${step.order}`}
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, minWidth: 0 }}
    >
      <Typography variant="eyebrow" component="p" sx={{ color: 'text.secondary' }}>
        Step {step.order}
      </Typography>
      <Typography id={`writeup-step-${step.order}`} variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
        {step.title}
      </Typography>
      <Box sx={{ mt: 1 }}>
        <ChallengeMarkdown topLevel={4}>{step.question}</ChallengeMarkdown>
      </Box>
      <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
        Why
      </Typography>
      <ChallengeMarkdown topLevel={4}>{step.reasoning}</ChallengeMarkdown>
      {step.solution && (
        <>
          <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
            In the lab
          </Typography>
          <ChallengeMarkdown topLevel={4}>{fenced(step.solution)}</ChallengeMarkdown>
        </>
      )}
      {step.answer !== null && (
        <Typography sx={{ mt: 2 }}>
          Answer:{' '}
          <Box component="code" sx={{ typography: 'mono', fontWeight: 700, overflowWrap: 'anywhere' }}>
            {step.answer}
          </Box>
        </Typography>
      )}
    </Paper>
  );
}

/**
 * After the solve, the write-up: how each step is solved, with the reasoning and the commands that find the
 * answer in the lab. The server gives it only to a learner who completed the challenge.
 */
export function ChallengeWriteup({ challengeId }: { challengeId: string }) {
  const writeup = useChallengeWriteup(challengeId);
  let body;
  if (writeup.isPending) body = <LoadingBlock label="Loading the write-up…" />;
  else if (writeup.isError)
    body = (
      <LoadError title="Could not load the write-up." error={writeup.error} onRetry={() => void writeup.refetch()} />
    );
  else body = writeup.data.steps.map((step) => <WriteupStep key={step.order} step={step} />);
  return (
    <Box component="section" aria-labelledby="challenge-writeup-title" sx={{ mt: 4 }}>
      <Typography id="challenge-writeup-title" variant="h5" component="h2">
        Write-up
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        How each step is solved: where to look, and the commands that find the answer in the lab.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>{body}</Box>
    </Box>
  );
}
