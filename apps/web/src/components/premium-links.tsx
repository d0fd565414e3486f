import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from './query-states.tsx';

export const SUBSCRIPTION_PATH = '/subscription';

interface PremiumLinkProps {
  variant: 'outlined' | 'contained';
  label: string;
  ariaLabel?: string;
}

/** A link to the plans, marked with a lock in the premium colour. */
function PremiumLink({ variant, label, ariaLabel }: PremiumLinkProps) {
  return (
    <Button
      component={RouterLink}
      to={SUBSCRIPTION_PATH}
      variant={variant}
      color="secondary"
      startIcon={<LockOutlined />}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  );
}

/** A locked card's next step. It names its item for screen readers, since a page lists many. */
export function UnlockWithPremiumButton({ title }: { title: string }) {
  return <PremiumLink variant="outlined" label="Unlock with Premium" ariaLabel={`Unlock with Premium: ${title}`} />;
}

/** A premium page the learner cannot open: what it is, the server's notice, and the way to upgrade. */
export function PremiumLockedState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <EmptyState
      icon={<LockOutlined />}
      title={title}
      action={<PremiumLink variant="contained" label="See Premium plans" />}
    >
      {children}
    </EmptyState>
  );
}
