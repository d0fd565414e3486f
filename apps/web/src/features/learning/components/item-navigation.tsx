import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

export interface ItemLink {
  to: string;
  label: string;
}

/** Previous and next step of a module. */
export function ItemNavigation({ previous, next }: { previous: ItemLink | null; next: ItemLink | null }) {
  return (
    <>
      {previous && (
        <Button
          component={RouterLink}
          to={previous.to}
          startIcon={<ArrowBack />}
          aria-label={`Previous: ${previous.label}`}
        >
          Previous
        </Button>
      )}
      {next && (
        <Button
          component={RouterLink}
          to={next.to}
          variant="outlined"
          endIcon={<ArrowForward />}
          aria-label={`Next: ${next.label}`}
        >
          Next
        </Button>
      )}
    </>
  );
}
