import { CHALLENGE_ANSWER_MAX, type ChallengeStepView } from '@bastion/contract';
import Lightbulb from '@mui/icons-material/LightbulbOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { plural } from '../../../lib/plural.ts';

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

/** The current step's answer, with its format as placeholder and help, and the hint (its cost on the button). */
export function StepAnswerForm({
  step,
  pending,
  blocked,
  startsChallenge,
  onSubmit,
  onEdit,
  onHint,
}: StepAnswerFormProps) {
  const [answer, setAnswer] = useState('');
  const [empty, setEmpty] = useState(false);
  const format = step.answer_format || null;

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (pending || blocked) return;
    const trimmed = answer.trim();
    setEmpty(!trimmed);
    if (trimmed) onSubmit(trimmed);
  };

  const helper = empty
    ? 'Enter your answer.'
    : format
      ? `Format: ${format} (each * stands for one character)`
      : 'Type your answer and press Submit.';

  return (
    <Box component="form" noValidate onSubmit={send} sx={{ display: 'grid', gap: 2, mt: 2 }}>
      <TextField
        label="Your answer"
        value={answer}
        placeholder={format ?? undefined}
        onChange={(event) => {
          setAnswer(event.target.value);
          if (empty) setEmpty(false);
          onEdit();
        }}
        error={empty}
        helperText={helper}
        autoComplete="off"
        slotProps={{
          htmlInput: { spellCheck: false, autoCapitalize: 'none', maxLength: CHALLENGE_ANSWER_MAX },
          inputLabel: format ? { shrink: true } : undefined,
        }}
        sx={{ '& input': { typography: 'mono' } }}
      />
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
