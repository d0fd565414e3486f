import Typography from '@mui/material/Typography';
import type { Enrollment } from '../api/enroll-first.ts';

/**
 * Beside an action that needs enrollment, while the learner has none: the action enrolls them, and this says
 * so where they are (the page's banner may be out of view).
 */
export function EnrollNote({ enrollment, action }: { enrollment: Enrollment; action: string }) {
  if (enrollment.enrolled) return null;
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {enrollment.pending
        ? `Enrolling you in ${enrollment.moduleTitle}…`
        : `You are not enrolled in ${enrollment.moduleTitle} yet: ${action} enrolls you.`}
    </Typography>
  );
}
