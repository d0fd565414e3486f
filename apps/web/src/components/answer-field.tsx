import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { answerFormatProblem, describeAnswerFormat, maskGuide } from '../domain/answer-mask.ts';

interface AnswerFieldProps {
  value: string;
  /** The answer format (`*` for any one character), or null. */
  mask: string | null;
  /** Why the answer was not sent (empty, or not fitting the mask), or null. */
  problem: string | null;
  onChange(value: string): void;
  maxLength: number;
}

/**
 * A quiz's or a challenge step's answer field: the format mask described in the help and laid under the field as a
 * guide, and the reason an answer was not sent.
 */
export function AnswerField({ value, mask, problem, onChange, maxLength }: AnswerFieldProps) {
  const helper =
    problem ?? (mask ? `Format: ${mask}. ${describeAnswerFormat(mask)}` : 'Type your answer and press Submit.');
  return (
    <>
      <TextField
        label="Your answer"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(problem)}
        helperText={helper}
        autoComplete="off"
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', maxLength } }}
        sx={{ '& input': { typography: 'mono' } }}
      />
      {mask && (
        <Typography
          aria-hidden
          variant="mono"
          component="div"
          sx={{ color: 'text.secondary', letterSpacing: '0.18em', overflowWrap: 'anywhere', mt: -1 }}
        >
          {maskGuide(value, mask)}
        </Typography>
      )}
    </>
  );
}

/**
 * The state of an AnswerField: `take()` gives the trimmed answer when it may be sent (not empty, fitting the mask,
 * the server's rule) and otherwise null, with the field saying why. `onEdit` hears every change.
 */
export function useAnswerField(mask: string | null, onEdit?: () => void) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return {
    field: {
      value,
      mask,
      problem,
      onChange(next: string) {
        setValue(next);
        if (problem) setProblem(null);
        onEdit?.();
      },
    },
    take(): string | null {
      const found = answerFormatProblem(value, mask);
      setProblem(found);
      return found ? null : value.trim();
    },
  };
}
