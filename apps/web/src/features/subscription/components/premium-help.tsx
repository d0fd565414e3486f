import { BILLING_MESSAGES } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';

/** Without online payments, premium is granted by an administrator (the operator's `user grant-premium`). */
export function PremiumHelp() {
  const titleId = useId();
  return (
    <Alert
      severity="info"
      // Guidance that is there from the start, not news: a labelled region rather than an alert.
      role="region"
      aria-labelledby={titleId}
      sx={{ mt: 3 }}
      action={
        <Button component={RouterLink} to="/contact" color="inherit" size="small">
          Contact support
        </Button>
      }
    >
      <AlertTitle id={titleId} component="h2">
        How to get Premium
      </AlertTitle>
      {BILLING_MESSAGES.paymentsDisabled} Tell us your username when you write.
    </Alert>
  );
}
