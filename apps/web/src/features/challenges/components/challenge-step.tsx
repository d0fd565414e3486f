import { CHALLENGE_MESSAGES, type ChallengeStepView } from '@bastion/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Lightbulb from '@mui/icons-material/LightbulbOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { apiErrorStatus, apiErrorText } from '@/lib/api-client.ts';
import { actionErrorText } from '@/lib/api-errors.ts';
import { useSubmitStepAnswer } from '../api/submit-step-answer.ts';
import type { ChallengeStart } from '../api/start-first.ts';
import { useTakeStepHint } from '../api/take-step-hint.ts';
import { retryAfterSeconds, throttledAnswerText } from '@/domain/answer-wait.ts';
import { stepNumberOrNull } from '../lib/step-number.ts';
import { ChallengeMarkdown } from './challenge-markdown.tsx';
import { HintDialog } from '@/components/hint-dialog.tsx';
import { StepAnswerForm } from './step-answer-form.tsx';
import { plural } from '@/lib/plural.ts';

export const FAILED_ANSWER = 'Failed to submit your answer.';

interface Verdict {
  severity: 'success' | 'error' | 'warning';
  text: string;
}

/** What the last answer came to, in the server's words; null for a 401 (the session ends) or nothing sent. */
function verdictOf(submit: ReturnType<typeof useSubmitStepAnswer>): Verdict | null {
  if (submit.isSuccess) {
    const { correct, detail, points_awarded: points } = submit.data;
    if (!correct) return { severity: 'error', text: detail || CHALLENGE_MESSAGES.incorrect };
    const earned = points > 0 ? ` +${plural(points, 'point')}.` : '';
    return { severity: 'success', text: `${detail || CHALLENGE_MESSAGES.correct}${earned}` };
  }
  if (submit.isError) {
    if (apiErrorStatus(submit.error) === 429) {
      const detail = apiErrorText(submit.error, CHALLENGE_MESSAGES.answerThrottled);
      return { severity: 'warning', text: throttledAnswerText(detail, submit.error) };
    }
    const text = actionErrorText(submit.error, FAILED_ANSWER);
    return text ? { severity: 'error', text } : null;
  }
  return null;
}

/** One step of a challenge: locked until the one before is solved, then its question, answer and hint. */
export function ChallengeStep({
  challengeId,
  step,
  position,
  start,
}: {
  challengeId: string;
  step: ChallengeStepView;
  /** The step's place in the list, named when its order carries no number. */
  position: number;
  /** Answers and hints need a started challenge: the first of them starts it. */
  start: ChallengeStart;
}) {
  const n = stepNumberOrNull(step.order) ?? position;
  const submit = useSubmitStepAnswer();
  const hint = useTakeStepHint();
  const [confirming, setConfirming] = useState(false);
  const [blockedFor, setBlockedFor] = useState(0);
  const verdict = verdictOf(submit);

  // After too many wrong answers, Submit waits out the server's Retry-After.
  useEffect(() => {
    if (blockedFor <= 0) return;
    const timer = setTimeout(() => setBlockedFor(0), blockedFor * 1000);
    return () => clearTimeout(timer);
  }, [blockedFor]);

  const answer = async (text: string) => {
    if (!(await start.ensure())) return;
    submit.mutate(
      { challengeId, order: step.order, answer: text },
      { onError: (error) => setBlockedFor(retryAfterSeconds(error) ?? 0) },
    );
  };
  const takeHint = async () => {
    if (!(await start.ensure())) return setConfirming(false);
    hint.mutate({ challengeId, order: step.order }, { onSettled: () => setConfirming(false) });
  };

  const current = !step.locked && !step.solved;
  return (
    <Paper
      component="section"
      aria-label={`Step ${n}`}
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 3 },
        borderRadius: 3,
        borderColor: current ? 'primary.main' : 'divider',
        borderWidth: current ? 2 : 1,
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="eyebrow" component="p" sx={{ color: 'text.secondary' }}>
            Step {n} · {plural(step.points, 'point')}
          </Typography>
          <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {step.title}
          </Typography>
        </Box>
        {step.solved ? (
          <Chip size="small" color="success" icon={<CheckCircle />} label="Solved" sx={{ fontWeight: 600 }} />
        ) : step.locked ? (
          <Chip size="small" variant="outlined" icon={<LockOutlined />} label="Locked" sx={{ fontWeight: 600 }} />
        ) : null}
      </Box>

      {step.locked ? (
        <Typography sx={{ color: 'text.secondary', mt: 1.5 }}>Solve step {n - 1} to unlock this step.</Typography>
      ) : (
        <>
          <Box sx={{ mt: 1.5 }}>
            <ChallengeMarkdown topLevel={4}>{step.question ?? ''}</ChallengeMarkdown>
          </Box>
          {step.hint && (
            <Alert role="note" severity="info" icon={<Lightbulb />} sx={{ mt: 2 }}>
              <AlertTitle>Hint</AlertTitle>
              <ChallengeMarkdown topLevel={4}>{step.hint}</ChallengeMarkdown>
            </Alert>
          )}
          {step.solved ? (
            verdict?.severity !== 'success' && (
              <Alert role="note" severity="success" sx={{ mt: 2 }}>
                Solved.
              </Alert>
            )
          ) : (
            <StepAnswerForm
              step={step}
              pending={submit.isPending || start.pending}
              blocked={blockedFor > 0}
              startsChallenge={!start.started}
              onSubmit={(text) => void answer(text)}
              onEdit={() => {
                if (verdict?.severity === 'error') submit.reset();
              }}
              onHint={() => setConfirming(true)}
            />
          )}
        </>
      )}
      {/* The live region announces the verdict once; the Alert inside is only its look. */}
      <Box role="status" aria-live="polite">
        {verdict && (
          <Alert role="none" severity={verdict.severity} sx={{ mt: 2 }}>
            {verdict.text}
          </Alert>
        )}
      </Box>
      <HintDialog
        open={confirming}
        id={`hint-dialog-${n}`}
        title={`Use a hint for step ${n}?`}
        payer="this step"
        cost={step.hint_cost}
        pending={hint.isPending || start.pending}
        onConfirm={() => void takeHint()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
