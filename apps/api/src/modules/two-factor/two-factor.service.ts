import { MESSAGES, type RecoveryCodes, type TwoFactorSetup, type TwoFactorStatus } from '@bastion/contract';
import type { Db, Executor } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, NotFound, ValidationFailed } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Throttle } from '../../lib/throttle.ts';
import { findUserById, type UserRow } from '../accounts/users.repository.ts';
import type { AcceptCode } from './code-check.ts';
import { newRecoveryCodes, normalizeRecoveryCode, type RecoveryCodeHasher } from './recovery-codes.ts';
import type { SecretBox } from './secret-box.ts';
import { enrolment, matchingStep, newTotpKey } from './totp.ts';
import * as repo from './two-factor.repository.ts';

export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  box: SecretBox;
  hashRecoveryCode: RecoveryCodeHasher;
  acceptCode: AcceptCode;
  requireForStaff: boolean;
}

/** Turning two-factor sign-in on and off, and the recovery codes (the sign-in step itself is second-step.ts). */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, clock, throttle, box } = deps;
  const invalidCode = () => new ValidationFailed({ code: [MESSAGES.twoFactorInvalidCode] });

  async function learner(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new NotFound();
    return user;
  }

  /** A new set of recovery codes and the hashes to store. */
  function freshCodes() {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map((code) => deps.hashRecoveryCode(normalizeRecoveryCode(code)!)) };
  }

  /**
   * The password, then a code: what turning protection off or replacing the recovery codes asks for. Wrong
   * guesses count like wrong current passwords (LOGIN_USER, per account). `then` runs in the transaction
   * that accepts the code, so a code is spent only if it succeeds.
   */
  async function withProof<T>(
    userId: string,
    proof: { password: string; code: string },
    then: (tx: Executor, now: Date) => Promise<T>,
  ): Promise<T> {
    const user = await learner(userId);
    if (!(await repo.isTwoFactorEnabled(db, user.id))) throw new BadRequest(MESSAGES.twoFactorNotEnabled);
    await throttle.check('LOGIN_USER', user.id);
    if (!(await verifyPassword(user.passwordHash, proof.password))) {
      await throttle.hit('LOGIN_USER', user.id);
      throw new ValidationFailed({ password: [MESSAGES.wrongCurrentPassword] });
    }
    const now = clock.now();
    const outcome = await db.transaction(async (tx) => {
      if (!(await deps.acceptCode(tx, user.id, proof.code, now))) return { accepted: false as const };
      return { accepted: true as const, value: await then(tx, now) };
    });
    if (!outcome.accepted) {
      await throttle.hit('LOGIN_USER', user.id);
      throw invalidCode();
    }
    return outcome.value;
  }

  return {
    async status(userId: string): Promise<TwoFactorStatus> {
      const user = await learner(userId);
      const enabled = await repo.isTwoFactorEnabled(db, user.id);
      return {
        enabled,
        recovery_codes_left: enabled ? await repo.countRecoveryCodesLeft(db, user.id) : 0,
        required: deps.requireForStaff && user.isStaff,
      };
    },

    /** A new key, pending until a code of it is confirmed; any earlier pending key stops counting. */
    async setup(userId: string): Promise<TwoFactorSetup> {
      const user = await learner(userId);
      const key = newTotpKey();
      if (!(await repo.savePendingKey(db, user.id, box.seal(key, user.id), clock.now()))) {
        throw new BadRequest(MESSAGES.twoFactorAlreadyEnabled);
      }
      return { secret: key, ...enrolment(key, user.username) };
    },

    async confirm(userId: string, code: string): Promise<RecoveryCodes> {
      const user = await learner(userId);
      const row = await repo.findTwoFactor(db, user.id);
      if (row?.secret) throw new BadRequest(MESSAGES.twoFactorAlreadyEnabled);
      const key = row?.pendingSecret ? box.open(row.pendingSecret, user.id) : null;
      if (!row?.pendingSecret || key === null) throw new BadRequest(MESSAGES.twoFactorSetupFirst);
      const now = clock.now();
      const step = matchingStep(key, code, now);
      if (step === null) throw invalidCode();
      const { codes, hashes } = freshCodes();
      const enabled = await db.transaction(async (tx) => {
        if (!(await repo.enable(tx, user.id, row.pendingSecret!, step, now))) return false;
        await repo.replaceRecoveryCodes(tx, user.id, hashes, now);
        return true;
      });
      // Another confirmation or setup got there first.
      if (!enabled) throw new BadRequest(MESSAGES.twoFactorSetupFirst);
      return { recovery_codes: codes };
    },

    async disable(userId: string, proof: { password: string; code: string }): Promise<void> {
      await withProof(userId, proof, (tx) => repo.disable(tx, userId));
    },

    async replaceRecoveryCodes(userId: string, proof: { password: string; code: string }): Promise<RecoveryCodes> {
      const { codes, hashes } = freshCodes();
      await withProof(userId, proof, (tx, now) => repo.replaceRecoveryCodes(tx, userId, hashes, now));
      return { recovery_codes: codes };
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
