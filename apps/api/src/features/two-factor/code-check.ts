import type { Executor } from '@bastion/db';
import { normalizeRecoveryCode, type RecoveryCodeHasher } from './recovery-codes.ts';
import type { SecretBox } from './secret-box.ts';
import { matchingStep } from './totp.ts';
import * as repo from './two-factor.repository.ts';

/** The second factor a session's sign-in passed (sessions.second_factor); null for a password alone. */
export type SecondFactor = 'totp' | 'recovery';

/**
 * Accepts a sign-in code of a learner with two-factor sign-in on: an authenticator code of a later step than
 * any accepted before (no replay, even within its 30 seconds), or an unused recovery code, which it consumes.
 * Run it in the transaction that acts on the answer, so a failure after it gives the code back. Answers which
 * kind of code it accepted, or null.
 */
export function createCodeCheck(box: SecretBox, hashRecoveryCode: RecoveryCodeHasher) {
  return async function acceptCode(
    tx: Executor,
    userId: string,
    code: string,
    now: Date,
  ): Promise<SecondFactor | null> {
    const row = await repo.findTwoFactor(tx, userId);
    if (!row?.secret) return null;
    if (/^\d{6}$/.test(code)) {
      const key = box.open(row.secret, userId);
      const step = key === null ? null : matchingStep(key, code, now);
      return step !== null && (await repo.acceptStep(tx, userId, step)) ? 'totp' : null;
    }
    const normalized = normalizeRecoveryCode(code);
    const consumed =
      normalized !== null && (await repo.consumeRecoveryCode(tx, userId, hashRecoveryCode(normalized), now));
    return consumed ? 'recovery' : null;
  };
}
export type AcceptCode = ReturnType<typeof createCodeCheck>;
