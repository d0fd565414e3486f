import type { LearnerSolve } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { apiErrorBody } from '@/lib/api-client.ts';
import { fieldErrors, unplacedErrorText } from '@/lib/field-errors.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { useRemoveSolve } from '../api/scoreboard.ts';

interface SolveRemovalDialogProps {
  username: string;
  /** The solve to remove; null: closed. */
  solve: LearnerSolve | null;
  onClose(): void;
}

/** Asks for the reason (the learner is told it) before removing a solve and its points. */
export function SolveRemovalDialog({ username, solve, onClose }: SolveRemovalDialogProps) {
  const remove = useRemoveSolve();
  const snackbar = useSnackbar();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const body = apiErrorBody(remove.error);
  const errors = fieldErrors(body, ['reason'] as const);
  const banner = remove.isError ? unplacedErrorText(body, ['reason']) : null;

  function close() {
    setReason('');
    remove.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!solve) return;
    remove.mutate(
      { username, kind: solve.kind, id: solve.id, reason },
      {
        onSuccess: (result) => {
          snackbar.show(
            `Removed ${result.username}'s solve of ${result.title} (${result.points_removed} points).`,
            'success',
          );
          close();
        },
      },
    );
  }

  return (
    <Dialog open={solve !== null} onClose={close} aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Remove {username}&rsquo;s solve?</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>
            {username} loses the {solve?.points ?? 0} points that &ldquo;{solve?.title}&rdquo; earned. It opens again,
            but earns no points a second time. They are told why.
          </DialogContentText>
          {banner && <Alert severity="error">{banner}</Alert>}
          <TextField
            label="Reason (the learner is told)"
            size="small"
            required
            autoFocus
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={Boolean(errors.reason)}
            helperText={errors.reason}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" color="warning" disabled={remove.isPending}>
            Remove solve
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
