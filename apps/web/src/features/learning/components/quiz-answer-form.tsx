import type { QuizAnswerResponse, QuizItem } from '@bastion/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { FormEvent } from 'react';
import { AnswerField, useAnswerField } from '@/components/answer-field.tsx';
import type { Enrollment } from '../api/enroll-first.ts';
import { useSubmitQuiz } from '../api/submit-quiz.ts';
import { EnrollNote } from './enroll-note.tsx';

interface QuizAnswerFormProps {
  quiz: QuizItem;
  /** The server takes answers from enrolled learners: the first answer enrolls the learner. */
  enrollment: Enrollment;
  onAnswered(result: QuizAnswerResponse): void;
  /** The learner changed the answer (a shown "incorrect" can go). */
  onEdit?(): void;
}

/**
 * The answer field with the quiz's format mask shown as a guide: the shape is checked before anything
 * is sent. The server's verdict goes to `onAnswered`.
 */
export function QuizAnswerForm({ quiz, enrollment, onAnswered, onEdit }: QuizAnswerFormProps) {
  const submit = useSubmitQuiz();
  const answer = useAnswerField(quiz.answer_format || null, onEdit);

  const busy = submit.isPending || enrollment.pending;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const given = answer.take();
    if (given === null || !(await enrollment.ensure())) return;
    submit.mutate(
      { quizId: quiz.id, answer: given },
      {
        onSuccess: onAnswered,
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void send(event)} sx={{ display: 'grid', gap: 2 }}>
      <AnswerField {...answer.field} maxLength={1000} />
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {submit.isPending ? 'Checking…' : 'Submit answer'}
        </Button>
        <EnrollNote enrollment={enrollment} action="submitting your answer" />
      </Box>
    </Box>
  );
}
