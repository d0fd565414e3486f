import type { QuizAnswerResponse, QuizItem } from '@bastion/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type ReactNode, type Ref } from 'react';
import type { Enrollment } from '../api/enroll-first.ts';
import { LessonMarkdown } from './lesson-markdown.tsx';
import { QuizAnswerForm } from './quiz-answer-form.tsx';
import { QuizExplanation } from './quiz-explanation.tsx';
import { QuizHint } from './quiz-hint.tsx';
import { plural } from '@/lib/plural.ts';

/** The terminal and its interpreter load only when a quiz has one. */
const TerminalPanel = lazy(() => import('./terminal/terminal-panel.tsx'));

interface QuizViewProps {
  quiz: QuizItem;
  enrollment: Enrollment;
  onAnswered(result: QuizAnswerResponse): void;
  navigation: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * A quiz: the question, its terminal when it has one, its hint when it offers one, and the answer (or, once
 * solved, the accepted answer and the explanation).
 */
export function QuizView({ quiz, enrollment, onAnswered, navigation, headingRef }: QuizViewProps) {
  const [verdict, setVerdict] = useState<QuizAnswerResponse | null>(null);
  return (
    <Box component="article" aria-labelledby={`item-${quiz.id}-title`}>
      <Typography variant="eyebrow" sx={{ color: 'text.secondary' }}>
        Quiz {quiz.order} · {quiz.points} pts{quiz.minutes > 0 && ` · ${quiz.minutes} min`}
      </Typography>
      <Typography
        id={`item-${quiz.id}-title`}
        ref={headingRef}
        tabIndex={-1}
        variant="h3"
        component="h2"
        sx={{ mt: 1, mb: 3, outline: 'none' }}
      >
        {quiz.title}
      </Typography>
      <LessonMarkdown>{quiz.question}</LessonMarkdown>
      {quiz.has_terminal && (
        <Suspense fallback={<Skeleton variant="rounded" height={300} sx={{ my: 3 }} />}>
          <TerminalPanel quizId={quiz.id} solved={quiz.solved} />
        </Suspense>
      )}
      <QuizHint quiz={quiz} enrollment={enrollment} />
      <Box sx={{ mt: 3 }}>
        {quiz.solved ? (
          <>
            <Alert icon={<CheckCircle />} severity="success" variant="outlined">
              Solved. Accepted answer:{' '}
              <Box component="code" sx={{ typography: 'mono', fontWeight: 700, overflowWrap: 'anywhere' }}>
                {quiz.answer_if_solved ?? '—'}
              </Box>
            </Alert>
            <QuizExplanation quizId={quiz.id} markdown={quiz.explanation ?? verdict?.explanation ?? null} />
          </>
        ) : (
          <QuizAnswerForm
            key={quiz.id}
            quiz={quiz}
            enrollment={enrollment}
            onAnswered={(result) => {
              setVerdict(result);
              onAnswered(result);
            }}
            onEdit={() => {
              if (verdict && !verdict.correct) setVerdict(null);
            }}
          />
        )}
      </Box>
      <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
        {verdict && (
          <Alert severity={verdict.correct ? 'success' : 'error'}>
            {verdict.detail || (verdict.correct ? 'Correct answer!' : 'Incorrect answer. Please try again.')}
            {verdict.correct && verdict.points_awarded > 0 && ` +${plural(verdict.points_awarded, 'point')}.`}
          </Alert>
        )}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, justifyContent: 'flex-end' }}>
        {navigation}
      </Stack>
    </Box>
  );
}
