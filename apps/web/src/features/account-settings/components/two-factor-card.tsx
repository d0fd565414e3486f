import { MESSAGES, type TwoFactorSetup } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Skeleton from '@mui/material/Skeleton';
import { useRef, useState } from 'react';
import { apiErrorStatus, apiErrorText } from '@/lib/api-client.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { useTwoFactorStatus } from '../api/get-two-factor-status.ts';
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup.ts';
import { LoadError } from '@/components/query-states.tsx';
import { SECURITY_MESSAGES } from '../lib/messages.ts';
import { ConsoleTwoFactorNotice } from './console-two-factor-notice.tsx';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';
import { SettingsCard } from './settings-card.tsx';
import { TwoFactorPasswordDialog } from './two-factor-password-dialog.tsx';
import { TwoFactorSetupPanel } from './two-factor-setup-panel.tsx';
import { TwoFactorStatusPanel } from './two-factor-status-panel.tsx';

type View = { kind: 'status' } | { kind: 'setup'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] };

/**
 * "Two-factor sign-in": off → Turn on → the password → QR code and key → first code → the recovery codes, shown once;
 * on → codes left, new recovery codes, turn off. When the operator requires it for this account and it is
 * off, the card says so first (the app sends such accounts here).
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactorSetup();
  const { show } = useSnackbar();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [view, setView] = useState<View>({ kind: 'status' });
  const [askingPassword, setAskingPassword] = useState(false);

  const backToStatus = () => {
    setView({ kind: 'status' });
    // The panel that held focus is gone: the card's heading takes it, so the next Tab stays in the card.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const turnOn = () => {
    start.reset();
    setAskingPassword(true);
  };

  const startSetup = (password: string) => {
    if (start.isPending) return;
    start.mutate(
      { password },
      {
        onSuccess: (setup) => {
          setAskingPassword(false);
          setView({ kind: 'setup', setup });
        },
        // A wrong password shows under its field in the dialog; anything else is told here too.
        onError: (error) => {
          if (apiErrorStatus(error) !== 400) show(apiErrorText(error, SECURITY_MESSAGES.setupFailed), 'error');
        },
      },
    );
  };

  let body;
  if (view.kind === 'setup') {
    body = (
      <TwoFactorSetupPanel
        setup={view.setup}
        onConfirmed={(codes) => {
          show(MESSAGES.twoFactorEnabled, 'success');
          setView({ kind: 'codes', codes });
        }}
        onCancel={backToStatus}
      />
    );
  } else if (view.kind === 'codes') {
    body = <RecoveryCodesPanel codes={view.codes} onDone={backToStatus} />;
  } else if (status.isPending) {
    body = (
      <div role="status" aria-label="Loading two-factor sign-in">
        <Skeleton variant="text" width="60%" aria-hidden />
        <Skeleton variant="rounded" height={40} width={120} aria-hidden />
      </div>
    );
  } else if (status.isError) {
    body = (
      <LoadError
        title="Could not load your two-factor settings."
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    );
  } else {
    body = (
      <TwoFactorStatusPanel
        status={status.data}
        starting={start.isPending}
        onTurnOn={turnOn}
        onNewCodes={(codes) => setView({ kind: 'codes', codes })}
        onTurnedOff={() => headingRef.current?.focus()}
      />
    );
  }

  const mustTurnOn = status.data?.required === true && !status.data.enabled;
  return (
    <SettingsCard
      id="two-factor"
      title="Two-factor sign-in"
      description="A code from an authenticator app on your phone, asked for after your password."
      headingRef={headingRef}
    >
      <ConsoleTwoFactorNotice enabled={status.data?.enabled} />
      {mustTurnOn && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          <AlertTitle>Your account needs two-factor sign-in</AlertTitle>
          Staff accounts must use two-factor sign-in on this site. Until you turn it on, the rest of Bastion is
          unavailable to your account.
        </Alert>
      )}
      {body}
      <TwoFactorPasswordDialog
        open={askingPassword}
        pending={start.isPending}
        error={start.error}
        onSubmit={startSetup}
        onClose={() => setAskingPassword(false)}
      />
    </SettingsCard>
  );
}
