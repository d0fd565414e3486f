import Button from '@mui/material/Button';

interface EnrollButtonProps {
  /** The course's or module's title, for screen readers: a page lists many. */
  title: string;
  pending: boolean;
  onEnroll(): void;
}

export function EnrollButton({ title, pending, onEnroll }: EnrollButtonProps) {
  return (
    <Button variant="contained" onClick={onEnroll} disabled={pending} aria-label={`Enroll in ${title}`}>
      {pending ? 'Enrolling…' : 'Enroll'}
    </Button>
  );
}
