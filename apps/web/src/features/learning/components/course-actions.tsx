import type { CourseSummary } from '@bastion/contract';
import LockOutlined from '@mui/icons-material/LockOutlined';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useEnrollCourse } from '../api/enroll-course.ts';

export const SUBSCRIPTION_PATH = '/subscription';

/**
 * The next step for a course: unlock (premium, free learner), enrol, continue, or, once completed,
 * the certificate. Each button names its course for screen readers, since a page lists many.
 */
export function CourseActions({ course, showContinue = true }: { course: CourseSummary; showContinue?: boolean }) {
  const enroll = useEnrollCourse();
  const modulesPath = `/courses/course/${course.id}/modules`;

  if (course.locked) {
    return (
      <Button
        component={RouterLink}
        to={SUBSCRIPTION_PATH}
        variant="outlined"
        color="secondary"
        startIcon={<LockOutlined />}
        aria-label={`Unlock with Premium: ${course.title}`}
      >
        Unlock with Premium
      </Button>
    );
  }
  if (course.completed) {
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {course.completion_id && (
          <Button
            component={RouterLink}
            to={`/completion/course/${course.completion_id}`}
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
  return (
    <Button
      variant="contained"
      onClick={() => enroll.mutate(course.id)}
      disabled={enroll.isPending}
      aria-label={`Enrol in ${course.title}`}
    >
      {enroll.isPending ? 'Enrolling…' : 'Enrol'}
    </Button>
  );
}
