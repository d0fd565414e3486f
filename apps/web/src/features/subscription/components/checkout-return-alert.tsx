import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { CheckoutOutcome } from '../lib/checkout-return.ts';

interface CheckoutReturnAlertProps {
  outcome: CheckoutOutcome;
  isPremium: boolean;
  /** Still asking the server whether the payment was confirmed. */
  confirming: boolean;
  onClose(): void;
}

/** The message on coming back from Stripe Checkout. Premium turns on once Stripe's webhook has arrived. */
export function CheckoutReturnAlert({ outcome, isPremium, confirming, onClose }: CheckoutReturnAlertProps) {
  let severity: 'success' | 'info' | 'warning' = 'info';
  let title: string;
  let text: string;
  if (outcome === 'cancelled') {
    title = 'Checkout cancelled';
    text = 'You have not been charged. You can upgrade whenever you like.';
  } else if (isPremium) {
    severity = 'success';
    title = 'Welcome to Premium!';
    text = 'Your payment is confirmed. Premium courses, modules and challenges are now unlocked.';
  } else if (confirming) {
    title = 'Payment received';
    text = 'We are confirming your payment with the payment provider. Premium turns on in a moment.';
  } else {
    severity = 'warning';
    title = 'Payment not confirmed yet';
    text =
      'The payment provider has not confirmed your payment yet. This can take a few minutes: reload this page later, ' +
      'or contact support if Premium does not appear.';
  }
  return (
    <Alert severity={severity} role="status" onClose={onClose} sx={{ mb: 3 }}>
      <AlertTitle>{title}</AlertTitle>
      {text}
    </Alert>
  );
}
