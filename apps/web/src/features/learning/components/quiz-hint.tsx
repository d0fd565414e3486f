import type { QuizItem } from '@bastion/contract';
import Lightbulb from '@mui/icons-material/LightbulbOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRef, useState } from 'react';
import { plural } from '@/lib/plural.ts';
import type { Enrollment } from '../api/enroll-first.ts';
import { useTakeQuizHint } from '../api/take-quiz-hint.ts';
import { LessonMarkdown } from './lesson-markdown.tsx';
import { HintDialog } from '@/components/hint-dialog.tsx';

// Decision 0104: a free hint shows at once, a paid one after a dialog naming its cost; the hint takes focus.
/** What taking the hint costs, as the button says it. */
export function hintActionLabel(cost: number): string {
  return cost > 0 ? `Show hint (costs ${plural(cost, 'point')})` : 'Show hint (free)';
}

/**
 * A quiz's hint: "Show hint" with its cost (a hint that costs points is confirmed first), then the hint
 * itself. The hint lands in a live region and takes the focus the button had, so it is announced and read next.
 */
export function QuizHint({ quiz, enrollment }: { quiz: QuizItem; enrollment: Enrollment }) {
  const take = useTakeQuizHint();
  const [confirming, setConfirming] = useState(false);
  const hintRef = useRef<HTMLDivElement>(null);

  const fetchHint = async () => {
    // The server gives hints to enrolled learners: taking one enrolls the learner first.
    if (!(await enrollment.ensure())) return setConfirming(false);
    take.mutate(quiz.id, {
      onSuccess: () => requestAnimationFrame(() => hintRef.current?.focus()),
      onSettled: () => setConfirming(false),
    });
  };
  const ask = () => (quiz.hint_cost > 0 ? setConfirming(true) : void fetchHint());

  if (!quiz.has_hint) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Box role="status" aria-live="polite">
        {quiz.hint !== null && (
          <Alert
            ref={hintRef}
            tabIndex={-1}
            role="note"
            severity="info"
            icon={<Lightbulb />}
            sx={{ '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
          >
            <AlertTitle>Hint</AlertTitle>
            <LessonMarkdown>{quiz.hint}</LessonMarkdown>
          </Alert>
        )}
      </Box>
      {quiz.hint === null && !quiz.solved && (
        <Button
          variant="outlined"
          color="secondary"
          startIcon={<Lightbulb />}
          onClick={ask}
          disabled={take.isPending || enrollment.pending}
        >
          {take.isPending && !confirming ? 'Fetching the hint…' : hintActionLabel(quiz.hint_cost)}
        </Button>
      )}
      <HintDialog
        open={confirming}
        id={`quiz-hint-${quiz.id}`}
        title="Use the hint?"
        payer="this quiz"
        cost={quiz.hint_cost}
        pending={take.isPending || enrollment.pending}
        onConfirm={() => void fetchHint()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
