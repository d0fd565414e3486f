import { useState } from 'react';
import { CodeRedeemForm } from '@/components/code-redeem-form.tsx';
import { useRedeemUpgradeCode, type UpgradeOutcome } from '../api/redeem-upgrade-code.ts';

/** An upgrade code from the team (the operator's `coupon create --premium-days`), redeemed for Premium. */
export function UpgradeCodeForm() {
  const [outcome, setOutcome] = useState<UpgradeOutcome | null>(null);
  const redeem = useRedeemUpgradeCode(setOutcome);
  return (
    <CodeRedeemForm
      fieldLabel="Upgrade code"
      submitLabel="Redeem code"
      formLabel="Redeem an upgrade code"
      redeem={redeem}
      outcome={outcome}
      onDismiss={() => setOutcome(null)}
    />
  );
}
