import type { CourseSummary } from '@bastion/contract';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useEnrollCourse } from '../api/enroll-course.ts';
import { courseCompletionPath, courseModulesPath } from '../lib/paths.ts';
import { EnrollButton } from './enroll-button.tsx';
import { UnlockWithPremiumButton } from '@/components/premium-links.tsx';

/**
 * The next step for a course: unlock (premium, free learner), enroll, continue, or, once completed,
 * the certificate. Each button names its course for screen readers, since a page lists many.
 */
export function CourseActions({ course, showContinue = true }: { course: CourseSummary; showContinue?: boolean }) {
  const enroll = useEnrollCourse();
  const modulesPath = courseModulesPath(course.id);

  if (course.locked) return <UnlockWithPremiumButton title={course.title} />;
  if (course.completed) {
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {course.completion_id && (
          <Button
            component={RouterLink}
            to={courseCompletionPath(course.completion_id)}
            variant="contained"
            startIcon={<WorkspacePremium />}
            aria-label={`Certificate for ${course.title}`}
          >
            Certificate
          </Button>
        )}
        {showContinue && (
          <Button component={RouterLink} to={modulesPath} variant="outlined" aria-label={`Review ${course.title}`}>
            Review
          </Button>
        )}
      </Stack>
    );
  }
  if (course.enrolled) {
    if (!showContinue) return null;
    return (
      <Button component={RouterLink} to={modulesPath} variant="contained" aria-label={`Continue ${course.title}`}>
        Continue
      </Button>
    );
  }
  return <EnrollButton title={course.title} pending={enroll.isPending} onEnroll={() => enroll.mutate(course.id)} />;
}
