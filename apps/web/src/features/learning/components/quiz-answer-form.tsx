import type { QuizAnswerResponse, QuizItem } from '@bastion/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { Enrolment } from '../api/enrol-first.ts';
import { useSubmitQuiz } from '../api/submit-quiz.ts';
import { answerFormatProblem, describeAnswerFormat, maskGuide } from '../lib/answer-mask.ts';
import { EnrolNote } from './enrol-note.tsx';

interface QuizAnswerFormProps {
  quiz: QuizItem;
  /** The server takes answers from enrolled learners: the first answer enrols the learner. */
  enrolment: Enrolment;
  onAnswered(result: QuizAnswerResponse): void;
  /** The learner changed the answer (a shown "incorrect" can go). */
  onEdit?(): void;
}

/**
 * The answer field with the quiz's format mask shown as a guide: the shape is checked before anything
 * is sent. The server's verdict goes to `onAnswered`.
 */
export function QuizAnswerForm({ quiz, enrolment, onAnswered, onEdit }: QuizAnswerFormProps) {
  const submit = useSubmitQuiz();
  const [answer, setAnswer] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mask = quiz.answer_format || null;

  const busy = submit.isPending || enrolment.pending;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = answerFormatProblem(answer, mask);
    setProblem(found);
    if (found || !(await enrolment.ensure())) return;
    submit.mutate(
      { quizId: quiz.id, answer: answer.trim() },
      {
        onSuccess: onAnswered,
      },
    );
  };

  const helper =
    problem ?? (mask ? `Format: ${mask}. ${describeAnswerFormat(mask)}` : 'Type your answer and press Submit.');

  return (
    <Box component="form" noValidate onSubmit={(event) => void send(event)} sx={{ display: 'grid', gap: 2 }}>
      <TextField
        label="Your answer"
        value={answer}
        onChange={(event) => {
          setAnswer(event.target.value);
          if (problem) setProblem(null);
          onEdit?.();
        }}
        error={Boolean(problem)}
        helperText={helper}
        autoComplete="off"
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', maxLength: 1000 } }}
      />
      {mask && (
        <Typography
          aria-hidden
          variant="mono"
          component="div"
          sx={{ color: 'text.secondary', letterSpacing: '0.18em', overflowWrap: 'anywhere', mt: -1 }}
        >
          {maskGuide(answer, mask)}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {submit.isPending ? 'Checking…' : 'Submit answer'}
        </Button>
        <EnrolNote enrolment={enrolment} action="submitting your answer" />
      </Box>
    </Box>
  );
}
