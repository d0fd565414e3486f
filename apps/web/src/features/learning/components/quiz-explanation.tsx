import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LessonMarkdown } from './lesson-markdown.tsx';

/** Once a quiz is solved: why that is the answer, and what a professional would do next. */
export function QuizExplanation({ quizId, markdown }: { quizId: string; markdown: string | null }) {
  if (!markdown) return null;
  const titleId = `quiz-${quizId}-explanation`;
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ mt: 2, pl: 2, borderLeft: 3, borderColor: 'success.main', overflowWrap: 'anywhere' }}
    >
      <Typography id={titleId} variant="h6" component="h3" sx={{ mb: 1 }}>
        Why this is the answer
      </Typography>
      <LessonMarkdown>{markdown}</LessonMarkdown>
    </Box>
  );
}
