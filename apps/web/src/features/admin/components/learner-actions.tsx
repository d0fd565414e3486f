import { ADMIN_MESSAGES, type LearnerDetail } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { apiErrorBody, apiErrorText } from '@/lib/api-client.ts';
import { fieldErrors } from '@/lib/field-errors.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { useLearnerAction, type LearnerAction } from '../api/act-on-learner.ts';
import { useAdminMe } from '../api/get-admin-me.ts';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { PremiumForm } from './premium-form.tsx';

interface Choice {
  label: string;
  action: LearnerAction;
  done: string;
  /** Asked before acting. */
  confirm?: string;
}

/**
 * What may be done to this account now, each button one audited action. Staff status, and the actions on a staff
 * account (Premium, two-factor reset, disable or enable), are an owner's: the server refuses them to other staff.
 */
function choices(learner: LearnerDetail, isOwner: boolean): Choice[] {
  const name = learner.username;
  const onStaff = learner.is_staff && !isOwner;
  const list: (Choice | false)[] = [
    !learner.is_verified && { label: 'Mark email verified', action: { kind: 'verify' }, done: `${name} is verified.` },
    !learner.is_verified && {
      label: 'Resend verification mail',
      action: { kind: 'resend-verification' },
      done: `A new verification link was mailed to ${name}.`,
    },
    learner.is_active && {
      label: 'Send password-reset mail',
      action: { kind: 'password-reset' },
      done: `A password-reset link was mailed to ${name}.`,
      confirm: `${name} will be mailed a link to choose a new password. Their password stays the same until they use it.`,
    },
    learner.two_factor &&
      !onStaff && {
        label: 'Reset two-factor sign-in',
        action: { kind: '2fa-reset' },
        done: `Two-factor sign-in of ${name} is off; they were mailed.`,
        confirm: `This turns two-factor sign-in off for ${name}, removes their recovery codes, signs them out everywhere and mails them. Do it only once you are sure the request comes from the owner.`,
      },
    learner.is_premium &&
      !onStaff && {
        label: 'Revoke Premium',
        action: { kind: 'revoke-premium' },
        done: `Premium of ${name} has ended.`,
        confirm: `${name} loses Premium now and is told so.`,
      },
    isOwner && {
      label: learner.is_staff ? 'Remove staff status' : 'Make staff',
      action: { kind: 'staff', isStaff: !learner.is_staff },
      done: learner.is_staff ? `${name} is no longer staff.` : `${name} is now staff.`,
      confirm: learner.is_staff
        ? `${name} will no longer be able to use the console.`
        : `${name} will be able to use this console (once their two-factor sign-in is on), including every action on this page.`,
    },
    !onStaff && {
      label: learner.is_active ? 'Disable account' : 'Enable account',
      action: { kind: 'active', isActive: !learner.is_active },
      done: learner.is_active ? `${name} is disabled and signed out everywhere.` : `${name} can sign in again.`,
      confirm: learner.is_active
        ? `${name} is signed out on every device at once and cannot sign in until the account is enabled again.`
        : undefined,
    },
  ];
  return list.filter((choice): choice is Choice => choice !== false);
}

/** Why some actions are missing for a staff member who is not an owner. */
function OwnerNote({ learner }: { learner: LearnerDetail }) {
  return (
    <Alert severity="info" sx={{ mb: 1.5 }}>
      {learner.is_staff
        ? `${learner.username} is staff. ${ADMIN_MESSAGES.ownerOnlyStaffAccount}`
        : ADMIN_MESSAGES.ownerOnlyStaff}
    </Alert>
  );
}

export function LearnerActions({ learner }: { learner: LearnerDetail }) {
  const act = useLearnerAction(learner.id);
  // The console's layout loaded who is signing in before any page; the server decides in any case.
  const isOwner = useAdminMe().data?.is_owner ?? false;
  const onStaff = learner.is_staff && !isOwner;
  const snackbar = useSnackbar();
  const [asking, setAsking] = useState<Choice | null>(null);
  const [premiumError, setPremiumError] = useState<string | undefined>();

  function run(action: LearnerAction, done: string) {
    act.mutate(action, {
      onSuccess: () => {
        setPremiumError(undefined);
        snackbar.show(done, 'success');
      },
      onError: (error) => {
        if (action.kind === 'grant-premium') setPremiumError(fieldErrors(apiErrorBody(error), ['days']).days);
        snackbar.show(apiErrorText(error, 'The action failed. Please try again.'), 'error');
      },
    });
  }

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {!onStaff && (
        <Box component="section" aria-labelledby="premium-heading">
          <Typography id="premium-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            Grant Premium
          </Typography>
          <PremiumForm
            pending={act.isPending}
            error={premiumError}
            onGrant={(days) =>
              run(
                { kind: 'grant-premium', days },
                days === null
                  ? `${learner.username} has Premium with no end date.`
                  : `${learner.username} has ${days} more days of Premium.`,
              )
            }
          />
        </Box>
      )}
      <Box component="section" aria-labelledby="actions-heading">
        <Typography id="actions-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Account actions
        </Typography>
        {!isOwner && <OwnerNote learner={learner} />}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {choices(learner, isOwner).map((choice) => (
            <Button
              key={choice.label}
              variant="outlined"
              disabled={act.isPending}
              onClick={() => (choice.confirm ? setAsking(choice) : run(choice.action, choice.done))}
            >
              {choice.label}
            </Button>
          ))}
        </Box>
      </Box>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? `${asking.label}?` : ''}
        text={asking?.confirm ?? ''}
        confirmLabel={asking?.label ?? ''}
        onConfirm={() => asking && run(asking.action, asking.done)}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}
