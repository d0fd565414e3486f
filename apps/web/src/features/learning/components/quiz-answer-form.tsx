import type { QuizAnswerResponse, QuizItem } from '@bastion/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { FormEvent } from 'react';
import { AnswerField, useAnswerField } from '@/components/answer-field.tsx';
import type { Enrolment } from '../api/enrol-first.ts';
import { useSubmitQuiz } from '../api/submit-quiz.ts';
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
  const answer = useAnswerField(quiz.answer_format || null, onEdit);

  const busy = submit.isPending || enrolment.pending;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const given = answer.take();
    if (given === null || !(await enrolment.ensure())) return;
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
        <EnrolNote enrolment={enrolment} action="submitting your answer" />
      </Box>
    </Box>
  );
}
