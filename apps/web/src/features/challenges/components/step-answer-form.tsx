import { CHALLENGE_ANSWER_MAX, type ChallengeStepView } from '@bastion/contract';
import Lightbulb from '@mui/icons-material/LightbulbOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { AnswerField, useAnswerField } from '@/components/answer-field.tsx';
import { plural } from '@/lib/plural.ts';

interface StepAnswerFormProps {
  step: ChallengeStepView;
  pending: boolean;
  /** Answers are refused for a while (too many wrong ones). */
  blocked: boolean;
  /** The challenge is not started yet: the answer (or the hint) starts it, and the form says so. */
  startsChallenge: boolean;
  onSubmit(answer: string): void;
  /** The learner changed the answer (a shown "incorrect" can go). */
  onEdit(): void;
  onHint(): void;
}

/** The current step's answer (its format checked before sending, as a quiz's), and the hint (its cost on the button). */
export function StepAnswerForm({
  step,
  pending,
  blocked,
  startsChallenge,
  onSubmit,
  onEdit,
  onHint,
}: StepAnswerFormProps) {
  const answer = useAnswerField(step.answer_format || null, onEdit);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (pending || blocked) return;
    const given = answer.take();
    if (given !== null) onSubmit(given);
  };

  return (
    <Box component="form" noValidate onSubmit={send} sx={{ display: 'grid', gap: 2, mt: 2 }}>
      <AnswerField {...answer.field} maxLength={CHALLENGE_ANSWER_MAX} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Button type="submit" variant="contained" disabled={pending || blocked}>
          {pending ? 'Checking…' : 'Submit answer'}
        </Button>
        {!step.hint_used && (
          <Button variant="outlined" color="secondary" startIcon={<Lightbulb />} onClick={onHint}>
            {step.hint_cost > 0 ? `Hint (costs ${plural(step.hint_cost, 'point')})` : 'Hint (free)'}
          </Button>
        )}
      </Stack>
      {startsChallenge && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          You have not started this challenge yet: submitting an answer or taking a hint starts it.
        </Typography>
      )}
    </Box>
  );
}
