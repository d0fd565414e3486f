import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEvent, type ReactNode } from 'react';

interface TwoFactorFormDialogProps {
  open: boolean;
  title: string;
  description: string;
  /** A failure no field explains, shown above the fields. */
  problem: string | null;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** A submit button in the error colour: the action weakens the account's protection. */
  destructive?: boolean;
  onSubmit(event: FormEvent): void;
  onClose(): void;
  /** After the closing animation, to clear the fields. */
  onExited(): void;
  /** The fields. */
  children: ReactNode;
}

/**
 * The dialog around a form that confirms a step of two-factor sign-in: title, what it asks for, the fields, and
 * Cancel beside the submit button. It cannot be closed while its request is pending.
 */
export function TwoFactorFormDialog({
  open,
  title,
  description,
  problem,
  submitLabel,
  pendingLabel,
  pending,
  destructive,
  onSubmit,
  onClose,
  onExited,
  children,
}: TwoFactorFormDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited } }}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText id={textId}>{description}</DialogContentText>
          {problem && <Alert severity="error">{problem}</Alert>}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button type="button" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={destructive ? 'error' : 'primary'} disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
