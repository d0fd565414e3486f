import {
  ADMIN_MESSAGES,
  DEFAULT_PUBLIC_PROFILE_SETTINGS,
  MAX_PREMIUM_DAYS,
  isCountryCode,
  USERNAME_PATTERN,
} from '@bastion/contract';
import type { Db, Executor } from '@bastion/db';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { notifyWelcome } from '../notifications/notifications.service.ts';
import { lockPremium } from '../billing/billing.repository.ts';
import { hasPremium } from '../billing/premium.ts';
import { applyPremium, endPremium } from '../billing/premium.service.ts';
import { passwordProblems } from './password-policy.ts';
import * as usersRepo from './users.repository.ts';

/** Operator commands (CLI and start script): plain JSON in, plain JSON out, an Error with a message on failure. */

export interface UserSummary {
  id: string;
  username: string;
  email: string;
  is_verified: boolean;
  is_staff: boolean;
  is_premium: boolean;
  premium_until: string | null;
}

export function summary(user: usersRepo.UserRow): UserSummary {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    is_verified: user.isVerified,
    is_staff: user.isStaff,
    is_premium: user.isPremium,
    premium_until: user.premiumUntil?.toISOString() ?? null,
  };
}

/** The user with this username (any case, surrounding spaces ignored), or an Error naming it. */
export async function existingUser(db: Db, username: string): Promise<usersRepo.UserRow> {
  const user = await usersRepo.findUserByUsername(db, username.trim());
  if (!user) throw new NotFound(`No user named "${username}".`);
  return user;
}

export interface CreateUserInput {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  country: string;
  verified?: boolean;
  staff?: boolean;
}

export async function createUser(db: Db, input: CreateUserInput): Promise<UserSummary> {
  const username = input.username.trim().toLowerCase();
  const email = input.email.trim();
  const country = input.country.trim().toUpperCase();
  const problems: string[] = [];
  if (!USERNAME_PATTERN.test(username)) problems.push('username: use 3 to 30 characters: letters, digits, _ . or -');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.push('email: enter a valid email address');
  if (!isCountryCode(country)) problems.push('country: use an ISO 3166-1 alpha-2 code such as GB');
  const passwordProblem = passwordProblems(input.password, {
    username,
    email,
    firstName: input.firstName,
    lastName: input.lastName,
  })[0];
  if (passwordProblem) problems.push(`password: ${passwordProblem}`);
  if (await usersRepo.findUserByUsername(db, username)) problems.push(`username: "${username}" is already taken`);
  if (await usersRepo.findUserByEmail(db, email)) problems.push(`email: "${email}" is already registered`);
  if (problems.length > 0) throw new BadRequest(`Cannot create the user: ${problems.join('; ')}.`);

  try {
    const values = {
      username,
      email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      country,
      isVerified: input.verified ?? false,
      isStaff: input.staff ?? false,
      publicProfile: DEFAULT_PUBLIC_PROFILE_SETTINGS,
    };
    const user = await db.transaction(async (tx) => {
      const row = await usersRepo.insertUser(tx, values);
      if (row.isVerified) await notifyWelcome(tx, row.id);
      // The first staff account is the owner (docs/console.md).
      if (row.isStaff && (await usersRepo.lockOtherActiveOwners(tx, row.id)) === 0) {
        await usersRepo.updateUser(tx, row.id, { isOwner: true });
      }
      return row;
    });
    return summary(user);
  } catch (error) {
    if (usersRepo.violatedUniqueIndex(error))
      throw new Conflict(`Cannot create the user: "${username}" or "${email}" is already taken.`);
    throw error;
  }
}

/** Verifies the account; the welcome notification comes with the change, never twice. */
export async function verifyUser(db: Db, username: string): Promise<UserSummary> {
  const user = await existingUser(db, username);
  await db.transaction(async (tx) => {
    if (await usersRepo.markVerified(tx, user.id)) await notifyWelcome(tx, user.id);
  });
  return summary((await usersRepo.findUserById(db, user.id)) ?? user);
}

// Decision 0134: Premium is granted in days added to a running period, or with no end; one rule for CLI and console.
/**
 * Premium for `days` from now (or from the end of a running period), or without end when days is
 * omitted. The learner is notified of the new period.
 */
export async function grantPremium(db: Db, username: string, days?: number, now = new Date()): Promise<UserSummary> {
  if (days !== undefined && !(Number.isInteger(days) && days > 0 && days <= MAX_PREMIUM_DAYS))
    throw new BadRequest(`days: use a whole number from 1 to ${MAX_PREMIUM_DAYS}.`);
  const found = await existingUser(db, username);
  await db.transaction(async (tx) => {
    const user = await lockPremium(tx, found.id);
    if (!user) throw new NotFound(`No user named "${username}".`);
    const running = hasPremium(user, now) && user.premiumUntil ? user.premiumUntil.getTime() : now.getTime();
    const until = days === undefined ? null : new Date(running + days * 86_400_000);
    await applyPremium(tx, user, { until, source: 'operator', announceExtension: true }, now);
  });
  return summary((await usersRepo.findUserById(db, found.id))!);
}

/** Ends premium now; the learner is told when it was set. */
export async function revokePremium(db: Db, username: string, now = new Date()): Promise<UserSummary> {
  const found = await existingUser(db, username);
  await db.transaction(async (tx) => {
    const user = await lockPremium(tx, found.id);
    if (user) await endPremium(tx, user, now);
  });
  return summary((await usersRepo.findUserById(db, found.id))!);
}

/**
 * Gives or removes staff status. `actorId` is the staff member doing it (null: the CLI): nobody removes
 * their own, and the last active staff account keeps it. Removing it ends ownership too, and the last active
 * owner keeps both; an active account made staff while no active owner exists becomes the owner (docs/console.md).
 */
export async function setStaff(db: Db, username: string, staff: boolean, actorId: string | null = null) {
  const user = await existingUser(db, username);
  return db.transaction(async (tx) => {
    if (!staff && user.isStaff) {
      if (user.id === actorId) throw new Conflict(ADMIN_MESSAGES.ownStaff);
      await refuseLastStaff(tx, user.id);
      if (user.isOwner) await refuseLastOwner(tx, user.id);
    }
    const owner =
      staff && (user.isOwner || (user.isActive && (await usersRepo.lockOtherActiveOwners(tx, user.id)) === 0));
    return summary((await usersRepo.updateUser(tx, user.id, { isStaff: staff, isOwner: owner }))!);
  });
}

/** Refuses when no other active staff account would be left (their rows locked until the change commits). */
async function refuseLastStaff(tx: Executor, userId: string): Promise<void> {
  if ((await usersRepo.lockOtherActiveStaff(tx, userId)) === 0) throw new Conflict(ADMIN_MESSAGES.lastStaff);
}

/** Refuses when no other active owner would be left (their rows locked until the change commits). */
async function refuseLastOwner(tx: Executor, userId: string): Promise<void> {
  if ((await usersRepo.lockOtherActiveOwners(tx, userId)) === 0) throw new Conflict(ADMIN_MESSAGES.lastOwner);
}

/**
 * Makes a staff account an owner, or ends its ownership (the CLI's `user set-owner`; the console cannot). An
 * owner may make or remove staff and act on staff accounts in the console; the last active owner stays one.
 */
export async function setOwner(db: Db, username: string, owner: boolean): Promise<UserSummary & { is_owner: boolean }> {
  const user = await existingUser(db, username);
  return db.transaction(async (tx) => {
    if (owner && !user.isStaff) throw new BadRequest(ADMIN_MESSAGES.ownerNotStaff);
    if (!owner && user.isOwner) await refuseLastOwner(tx, user.id);
    const row = (await usersRepo.updateUser(tx, user.id, { isOwner: owner }))!;
    return { ...summary(row), is_owner: row.isOwner };
  });
}

/**
 * Disables an account (every session ends at once and sign-in is refused with ADMIN_MESSAGES.accountDisabled)
 * or enables it again. Nobody disables their own account, nor the last active staff account or owner.
 */
export async function setActive(
  db: Db,
  username: string,
  active: boolean,
  actorId: string | null = null,
  now = new Date(),
): Promise<UserSummary & { is_active: boolean; sessions_ended: number }> {
  const user = await existingUser(db, username);
  return db.transaction(async (tx) => {
    let ended = 0;
    if (!active) {
      if (user.id === actorId) throw new Conflict(ADMIN_MESSAGES.ownAccount);
      if (user.isStaff) await refuseLastStaff(tx, user.id);
      if (user.isOwner) await refuseLastOwner(tx, user.id);
      ended = await usersRepo.revokeUserSessions(tx, user.id, now, 'account_disabled');
    }
    const row = (await usersRepo.updateUser(tx, user.id, { isActive: active }))!;
    return { ...summary(row), is_active: row.isActive, sessions_ended: ended };
  });
}

export const DEMO_USER = { username: 'demo', password: 'bastion-demo-2026' } as const;

/** The verified demo learner (the server seeds the demo reward codes after it); seeding again is a no-op. */
export async function seedDemo(db: Db): Promise<{ username: string; password: string }> {
  if (!(await usersRepo.findUserByUsername(db, DEMO_USER.username))) {
    await createUser(db, {
      ...DEMO_USER,
      email: 'demo@bastion.local',
      firstName: 'Demo',
      lastName: 'Learner',
      country: 'GB',
      verified: true,
    }).catch(async (error: unknown) => {
      // Another process seeding at the same moment is fine.
      if (!(await usersRepo.findUserByUsername(db, DEMO_USER.username))) throw error;
    });
  }
  return { ...DEMO_USER };
}
