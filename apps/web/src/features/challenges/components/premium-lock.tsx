import { CHALLENGE_MESSAGES } from '@bastion/contract';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/query-states.tsx';
import { SUBSCRIPTION_PATH } from '../lib/paths.ts';

/** A premium challenge the learner cannot open: the server's notice and the way to upgrade. */
export function PremiumLock({ message = CHALLENGE_MESSAGES.premiumRequired }: { message?: string }) {
  return (
    <EmptyState
      icon={<LockOutlined />}
      title="This challenge is part of Premium"
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
      {message}
    </EmptyState>
  );
}
