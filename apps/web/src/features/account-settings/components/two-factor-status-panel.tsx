import { MESSAGES, type TwoFactorProofBody, type TwoFactorStatus } from '@bastion/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.ts';
import { SECURITY_MESSAGES } from '../lib/messages.ts';
import { TwoFactorProofDialog } from './two-factor-proof-dialog.tsx';

interface TwoFactorStatusPanelProps {
  status: TwoFactorStatus;
  starting: boolean;
  onTurnOn(): void;
  onNewCodes(codes: string[]): void;
  /** After the dialog has closed on success: its button is gone, so focus needs a new home. */
  onTurnedOff(): void;
}

type Proof = 'disable' | 'codes';

const LOW_CODES = 3;

/** Off: what it is and "Turn on". On: the recovery codes left, "New recovery codes" and "Turn off", each proven. */
export function TwoFactorStatusPanel({
  status,
  starting,
  onTurnOn,
  onNewCodes,
  onTurnedOff,
}: TwoFactorStatusPanelProps) {
  const { show } = useSnackbar();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  // The kind stays while the dialog closes, so its title does not change during the animation.
  const [dialog, setDialog] = useState<{ kind: Proof; open: boolean; done: boolean }>({
    kind: 'disable',
    open: false,
    done: false,
  });
  const codes = dialog.kind === 'codes';
  const action = codes ? regenerate : disable;

  const ask = (kind: Proof) => {
    disable.reset();
    regenerate.reset();
    setDialog({ kind, open: true, done: false });
  };

  const submit = (body: TwoFactorProofBody) => {
    if (codes) {
      regenerate.mutate(body, {
        onSuccess: (answer) => {
          setDialog((current) => ({ ...current, open: false, done: true }));
          show(SECURITY_MESSAGES.newCodesReady, 'success');
          onNewCodes(answer.recovery_codes);
        },
      });
    } else {
      disable.mutate(body, {
        onSuccess: (answer) => {
          setDialog((current) => ({ ...current, open: false, done: true }));
          show(answer.detail || MESSAGES.twoFactorDisabled, 'success');
        },
      });
    }
  };

  const proofDialog = (
    <TwoFactorProofDialog
      open={dialog.open}
      title={codes ? 'Make new recovery codes?' : 'Turn off two-factor sign-in?'}
      description={
        codes
          ? 'Your current recovery codes stop working. Confirm with your password and a code.'
          : 'Signing in will ask for your password only. Confirm with your password and a code.'
      }
      submitLabel={codes ? 'Make new codes' : 'Turn off'}
      pendingLabel={codes ? 'Making codes…' : 'Turning off…'}
      destructive={!codes}
      pending={action.isPending}
      error={action.error}
      onSubmit={submit}
      onClose={() => setDialog((current) => ({ ...current, open: false }))}
      onExited={dialog.done && !codes ? onTurnedOff : undefined}
    />
  );

  const left = status.recovery_codes_left;
  // One tree for both states, so the dialog stays mounted (and animates out) when turning off flips them.
  return (
    <>
      {status.enabled ? (
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
            <Chip icon={<CheckCircle />} label="On" color="success" variant="outlined" />
            <Typography>Signing in asks for a code from your authenticator app.</Typography>
          </Box>
          <Typography sx={{ color: 'text.secondary' }}>
            Recovery codes left: <strong>{left}</strong>
            {left <= LOW_CODES && <strong> — make new ones before you run out.</strong>}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button variant="outlined" onClick={() => ask('codes')}>
              New recovery codes
            </Button>
            {!status.required && (
              <Button variant="outlined" color="error" onClick={() => ask('disable')}>
                Turn off
              </Button>
            )}
          </Stack>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>
            <strong>Off.</strong> Anyone who learns your password can sign in as you. Turn on two-factor sign-in to ask
            for a code from your phone as well.
          </Typography>
          <Button variant="contained" onClick={onTurnOn} disabled={starting}>
            {starting ? 'Starting…' : 'Turn on'}
          </Button>
        </Stack>
      )}
      {proofDialog}
    </>
  );
}
