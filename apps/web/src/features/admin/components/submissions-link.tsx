import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

/** A link to the submissions log filtered to one learner or one item (and any other filters given). */
export function SubmissionsLink({
  filters,
  label,
  children,
}: {
  filters: Record<string, string>;
  /** The link's name for screen readers, which its short text alone would not say. */
  label: string;
  children: string;
}) {
  return (
    <Link component={RouterLink} to={`/admin/submissions?${new URLSearchParams(filters)}`} aria-label={label}>
      {children}
    </Link>
  );
}
