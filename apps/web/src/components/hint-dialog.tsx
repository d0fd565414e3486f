import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { plural } from '../lib/plural.ts';

interface HintDialogProps {
  open: boolean;
  /** Unique on the page: names the dialog's title and text for assistive technology. */
  id: string;
  title: string;
  /** What pays for the hint: "this step", "this quiz". */
  payer: string;
  cost: number;
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** The cost of a hint, named before it is taken: it comes off what the step or quiz awards, charged once. */
export function HintDialog({ open, id, title, payer, cost, pending, onConfirm, onClose }: HintDialogProps) {
  const titleId = `${id}-title`;
  const textId = `${id}-text`;
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {cost > 0
            ? `Take the hint for ${plural(cost, 'point')}? The cost comes off what ${payer} awards, and you pay it only once.`
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
