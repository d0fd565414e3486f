import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from './query-states.tsx';

export const SUBSCRIPTION_PATH = '/subscription';

/** A locked card's next step. It names its item for screen readers, since a page lists many. */
export function UnlockWithPremiumButton({ title }: { title: string }) {
  return (
    <Button
      component={RouterLink}
      to={SUBSCRIPTION_PATH}
      variant="outlined"
      color="secondary"
      startIcon={<LockOutlined />}
      aria-label={`Unlock with Premium: ${title}`}
    >
      Unlock with Premium
    </Button>
  );
}

/** A premium page the learner cannot open: what it is, the server's notice, and the way to upgrade. */
export function PremiumLockedState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <EmptyState
      icon={<LockOutlined />}
      title={title}
      action={
        <Button
          component={RouterLink}
          to={SUBSCRIPTION_PATH}
          variant="contained"
          color="secondary"
          startIcon={<LockOutlined />}
        >
          See Premium plans
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}
