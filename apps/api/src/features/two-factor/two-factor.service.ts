// Decision 0038: TOTP (RFC 6238), single-use codes, the key sealed with AES-256-GCM under a key from JWT_SECRET.
import { MESSAGES, type RecoveryCodes, type TwoFactorSetup, type TwoFactorStatus } from '@bastion/contract';
import type { Db, Executor } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, NotFound, ValidationFailed } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Throttle } from '../../lib/throttle.ts';
import { findUserById, revokeUserSessions, type UserRow } from '../accounts/users.repository.ts';
import { recordAuditIn } from '../audit/audit.service.ts';
import type { AcceptCode } from './code-check.ts';
import { newRecoveryCodes, normalizeRecoveryCode, type RecoveryCodeHasher } from './recovery-codes.ts';
import type { SecretBox } from './secret-box.ts';
import { enrollment, matchingStep, newTotpKey } from './totp.ts';
import { mailTwoFactorChange, type MailSite } from './two-factor-mail.ts';
import * as repo from './two-factor.repository.ts';

export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  box: SecretBox;
  hashRecoveryCode: RecoveryCodeHasher;
  acceptCode: AcceptCode;
  requireForStaff: boolean;
  /** For the mails that tell the owner of every change. */
  site: MailSite;
}

/** Turning two-factor sign-in on and off, and the recovery codes (the sign-in step is `sessions/second-step.ts`). */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, clock, throttle, box } = deps;
  const invalidCode = () => new ValidationFailed({ code: [MESSAGES.twoFactorInvalidCode] });

  async function learner(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new NotFound();
    return user;
  }

  /** A staff account's two-factor sign-in turned on or off, written to the audit log in the change's transaction. */
  async function auditStaffChange(tx: Executor, user: UserRow, ip: string, on: boolean, now: Date): Promise<void> {
    if (!user.isStaff) return;
    await recordAuditIn(
      tx,
      { id: user.id, name: user.username, via: 'site', ip },
      {
        action: on ? 'staff.enable_two_factor' : 'staff.disable_two_factor',
        target: { type: 'user', id: user.id, label: user.username },
        before: { two_factor: !on },
        after: { two_factor: on },
      },
      now,
    );
  }

  /** A new set of recovery codes and the hashes to store. */
  function freshCodes() {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map((code) => deps.hashRecoveryCode(normalizeRecoveryCode(code)!)) };
  }

  /**
   * The current password, which every change to two-factor sign-in asks for: a bearer token alone (a shared
   * computer, a leaked token) must not change how the account is signed in to. Wrong passwords count like
   * wrong current passwords elsewhere (LOGIN_USER, per account).
   */
  async function checkPassword(user: UserRow, password: string): Promise<void> {
    await throttle.check('LOGIN_USER', user.id);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await throttle.hit('LOGIN_USER', user.id);
      throw new ValidationFailed({ password: [MESSAGES.wrongCurrentPassword] });
    }
  }

  /**
   * The password, then a code: what turning protection off or replacing the recovery codes asks for. Wrong
   * codes count like wrong passwords. `then` runs in the transaction that accepts the code, so a code is
   * spent only if it succeeds.
   */
  async function withProof<T>(
    userId: string,
    proof: { password: string; code: string },
    then: (tx: Executor, now: Date, user: UserRow) => Promise<T>,
  ): Promise<T> {
    const user = await learner(userId);
    if (!(await repo.isTwoFactorEnabled(db, user.id))) throw new BadRequest(MESSAGES.twoFactorNotEnabled);
    await checkPassword(user, proof.password);
    const now = clock.now();
    const outcome = await db.transaction(async (tx) => {
      if (!(await deps.acceptCode(tx, user.id, proof.code, now))) return { accepted: false as const };
      return { accepted: true as const, value: await then(tx, now, user) };
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

    /**
     * A new key, pending until a code of it is confirmed; any earlier pending key stops counting. The current
     * password is asked first, so a bearer token alone cannot replace a pending key (decision 0184).
     */
    async setup(userId: string, proof: { password: string }): Promise<TwoFactorSetup> {
      const user = await learner(userId);
      if (await repo.isTwoFactorEnabled(db, user.id)) throw new BadRequest(MESSAGES.twoFactorAlreadyEnabled);
      await checkPassword(user, proof.password);
      const key = newTotpKey();
      if (!(await repo.savePendingKey(db, user.id, box.seal(key, user.id), clock.now()))) {
        throw new BadRequest(MESSAGES.twoFactorAlreadyEnabled);
      }
      return { secret: key, ...enrollment(key, user.username) };
    },

    /**
     * The current password and a first code of the pending key turn it on; the owner is mailed. Every other
     * session of the account ends (none of them passed a second factor), and the session that confirmed, having
     * proved the password and a code, counts as one that did (decision 0184). A staff account's is audited.
     */
    async confirm(
      userId: string,
      sessionId: string,
      proof: { password: string; code: string },
      ip: string,
    ): Promise<RecoveryCodes> {
      const user = await learner(userId);
      const row = await repo.findTwoFactor(db, user.id);
      if (row?.secret) throw new BadRequest(MESSAGES.twoFactorAlreadyEnabled);
      const key = row?.pendingSecret ? box.open(row.pendingSecret, user.id) : null;
      if (!row?.pendingSecret || key === null) throw new BadRequest(MESSAGES.twoFactorSetupFirst);
      await checkPassword(user, proof.password);
      const now = clock.now();
      const step = matchingStep(key, proof.code, now);
      if (step === null) throw invalidCode();
      const { codes, hashes } = freshCodes();
      const enabled = await db.transaction(async (tx) => {
        if (!(await repo.enable(tx, user.id, row.pendingSecret!, step, now))) return false;
        await repo.replaceRecoveryCodes(tx, user.id, hashes, now);
        await revokeUserSessions(tx, user.id, now, 'two_factor_enabled', sessionId);
        await repo.markSecondFactor(tx, sessionId, 'totp');
        await mailTwoFactorChange(tx, user, 'turned-on', deps.site, now);
        await auditStaffChange(tx, user, ip, true, now);
        return true;
      });
      // Another confirmation or setup got there first.
      if (!enabled) throw new BadRequest(MESSAGES.twoFactorSetupFirst);
      return { recovery_codes: codes };
    },

    async disable(userId: string, proof: { password: string; code: string }, ip: string): Promise<void> {
      await withProof(userId, proof, async (tx, now, user) => {
        await repo.disable(tx, user.id);
        await mailTwoFactorChange(tx, user, 'turned-off', deps.site, now);
        await auditStaffChange(tx, user, ip, false, now);
      });
    },

    async replaceRecoveryCodes(userId: string, proof: { password: string; code: string }): Promise<RecoveryCodes> {
      const { codes, hashes } = freshCodes();
      await withProof(userId, proof, async (tx, now, user) => {
        await repo.replaceRecoveryCodes(tx, user.id, hashes, now);
        await mailTwoFactorChange(tx, user, 'recovery-codes-replaced', deps.site, now);
      });
      return { recovery_codes: codes };
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
