import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/** A completed card's link to its public completion page, named after the item it completes. */
export function CompletionPageButton({ to, title }: { to: string; title: string }) {
  return (
    <Button
      component={RouterLink}
      to={to}
      variant="text"
      startIcon={<EmojiEvents />}
      aria-label={`Completion page for ${title}`}
    >
      Completion page
    </Button>
  );
}
