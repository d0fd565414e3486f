import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { plural } from '../../../lib/plural.ts';

interface HintDialogProps {
  open: boolean;
  stepNumber: number;
  cost: number;
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** The cost of a hint, named before it is taken (contract §6: it comes off the step's points, charged once). */
export function HintDialog({ open, stepNumber, cost, pending, onConfirm, onClose }: HintDialogProps) {
  const titleId = `hint-dialog-${stepNumber}-title`;
  const textId = `hint-dialog-${stepNumber}-text`;
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Use a hint for step {stepNumber}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {cost > 0
            ? `Take the hint for ${plural(cost, 'point')}? The cost comes off what this step awards, and you pay it only once.`
            : 'This hint is free: it costs no points.'}
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
