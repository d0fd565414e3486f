import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

/** A learner's username, linking to their page in the console. */
export function LearnerLink({ id, username }: { id: string; username: string }) {
  return (
    <Link component={RouterLink} to={`/admin/learners/${id}`}>
      {username}
    </Link>
  );
}
