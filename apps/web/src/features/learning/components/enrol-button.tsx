import Button from '@mui/material/Button';

interface EnrolButtonProps {
  /** The course's or module's title, for screen readers: a page lists many. */
  title: string;
  pending: boolean;
  onEnrol(): void;
}

export function EnrolButton({ title, pending, onEnrol }: EnrolButtonProps) {
  return (
    <Button variant="contained" onClick={onEnrol} disabled={pending} aria-label={`Enrol in ${title}`}>
      {pending ? 'Enrolling…' : 'Enrol'}
    </Button>
  );
}
