import type { LessonCompleteResponse, LessonItem } from '@bastion/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';
import { useCompleteLesson } from '../api/complete-lesson.ts';
import type { Enrollment } from '../api/enroll-first.ts';
import { EnrollNote } from './enroll-note.tsx';
import { LessonMarkdown } from './lesson-markdown.tsx';

interface LessonViewProps {
  lesson: LessonItem;
  /** Completing needs enrollment: the first completion enrolls the learner. */
  enrollment: Enrollment;
  onCompleted(result: LessonCompleteResponse): void;
  /** Previous/next links, rendered after the actions. */
  navigation: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** A lesson: its Markdown, then 'Mark complete' (R8 'Lesson completed successfully.'). */
export function LessonView({ lesson, enrollment, onCompleted, navigation, headingRef }: LessonViewProps) {
  const complete = useCompleteLesson();
  const markComplete = async () => {
    if (await enrollment.ensure()) complete.mutate(lesson.id, { onSuccess: onCompleted });
  };
  return (
    <Box component="article" aria-labelledby={`item-${lesson.id}-title`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="eyebrow" sx={{ color: 'text.secondary' }}>
          Lesson {lesson.order} · {lesson.points} pts{lesson.minutes > 0 && ` · ${lesson.minutes} min`}
        </Typography>
      </Stack>
      <Typography
        id={`item-${lesson.id}-title`}
        ref={headingRef}
        tabIndex={-1}
        variant="h3"
        component="h2"
        sx={{ mb: 3, outline: 'none' }}
      >
        {lesson.title}
      </Typography>
      <LessonMarkdown>{stripLeadingTitle(lesson.content, lesson.title)}</LessonMarkdown>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, alignItems: { sm: 'center' } }}>
        {lesson.completed ? (
          <Chip
            color="success"
            variant="outlined"
            icon={<CheckCircle />}
            label="Completed"
            sx={{ alignSelf: 'flex-start', fontWeight: 600 }}
          />
        ) : (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Button
              variant="contained"
              size="large"
              disabled={complete.isPending || enrollment.pending}
              onClick={() => void markComplete()}
            >
              {complete.isPending ? 'Saving…' : 'Mark complete'}
            </Button>
            <EnrollNote enrollment={enrollment} action="marking this lesson complete" />
          </Stack>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {navigation}
      </Stack>
    </Box>
  );
}

/** The lesson's first `# Heading` repeats its title, which the page already shows. */
export function stripLeadingTitle(markdown: string, title: string): string {
  const match = /^\s*#\s+(.+?)\s*#*\s*(\r?\n|$)/.exec(markdown);
  if (match && match[1]?.trim().toLowerCase() === title.trim().toLowerCase()) return markdown.slice(match[0].length);
  return markdown;
}
