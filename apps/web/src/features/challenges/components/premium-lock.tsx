import { CHALLENGE_MESSAGES } from '@bastion/contract';
import { PremiumLockedState } from '@/components/premium-links.tsx';

/** A premium challenge the learner cannot open: the server's notice and the way to upgrade. */
export function PremiumLock({ message = CHALLENGE_MESSAGES.premiumRequired }: { message?: string }) {
  return <PremiumLockedState title="This challenge is part of Premium">{message}</PremiumLockedState>;
}
