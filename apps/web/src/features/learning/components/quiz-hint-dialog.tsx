import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { plural } from '../../../lib/plural.ts';

interface QuizHintDialogProps {
  open: boolean;
  quizId: string;
  cost: number;
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** A hint that costs points is confirmed first: its cost comes off what the quiz awards, charged once. */
export function QuizHintDialog({ open, quizId, cost, pending, onConfirm, onClose }: QuizHintDialogProps) {
  const titleId = `quiz-hint-${quizId}-title`;
  const textId = `quiz-hint-${quizId}-text`;
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Use the hint?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Take the hint for {plural(cost, 'point')}? The cost comes off what this quiz awards, and you pay it only once.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button onClick={onConfirm} variant="contained" disabled={pending}>
          {pending ? 'Fetching the hint…' : 'Take the hint'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
