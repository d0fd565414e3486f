import Typography from '@mui/material/Typography';
import type { Enrolment } from '../api/enrol-first.ts';

/**
 * Beside an action that needs enrolment, while the learner has none: the action enrols them, and this says
 * so where they are (the page's banner may be out of view).
 */
export function EnrolNote({ enrolment, action }: { enrolment: Enrolment; action: string }) {
  if (enrolment.enrolled) return null;
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {enrolment.pending
        ? `Enrolling you in ${enrolment.moduleTitle}…`
        : `You are not enrolled in ${enrolment.moduleTitle} yet: ${action} enrols you.`}
    </Typography>
  );
}
