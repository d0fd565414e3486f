import {
  ADMIN_MESSAGES,
  type LearnerDetail,
  type LearnerRow,
  type LearnerSearchQuery,
  type Paged,
} from '@bastion/contract';
import type { Db } from '@bastion/db';
import { Forbidden, NotFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pagedResponse, pageWindow } from '../../lib/pagination.ts';
import type { ConsoleActor } from '../../plugins/staff-guard.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { learnerActions, type OperatorSite } from './learner-actions.ts';
import * as repo from './learners.admin.repository.ts';
import { findUserById, type UserRow } from '../accounts/users.repository.ts';

const SESSIONS_SHOWN = 20;

export function toRow(user: UserRow): LearnerRow {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    date_joined: user.dateJoined.toISOString(),
    last_login: user.lastLogin?.toISOString() ?? null,
    points: user.points,
    is_verified: user.isVerified,
    is_active: user.isActive,
    is_staff: user.isStaff,
    is_premium: user.isPremium,
    premium_until: user.premiumUntil?.toISOString() ?? null,
  };
}

export interface LearnersAdminDeps {
  db: Db;
  site: OperatorSite;
  now: () => Date;
  /** Drops this instance's cached sessions and navbar of these learners at once. */
  learnersChanged: (userIds: string[]) => void;
}

/** An owner's action that another staff member attempted (docs/console.md). */
const ownerRequired = (message: string) => new Forbidden(message, { code: 'owner_required' });

/**
 * The console's learners: search, one learner's page, and the operator's actions on an account. Staff status,
 * and what changes a staff account (disable, enable, two-factor reset, Premium, one's own included), are an
 * owner's (docs/console.md); the CLI, the machine's operator, is not restricted.
 */
export function createLearnersAdminService({ db, site, now, learnersChanged }: LearnersAdminDeps) {
  async function learner(id: string): Promise<UserRow> {
    const user = isUuid(id) ? await findUserById(db, id) : null;
    if (!user) throw new NotFound();
    return user;
  }

  async function detail(id: string): Promise<LearnerDetail> {
    const user = await learner(id);
    const [progress, sessions, twoFactor] = await Promise.all([
      repo.learnerProgress(db, user.id),
      repo.recentSessions(db, user.id, SESSIONS_SHOWN),
      repo.hasTwoFactor(db, user.id),
    ]);
    return {
      ...toRow(user),
      country: user.country,
      premium_source: user.premiumSource,
      streak: user.streak,
      longest_streak: user.longestStreak,
      two_factor: twoFactor,
      progress,
      sessions: sessions.map((session) => ({
        id: session.id,
        created_at: session.createdAt.toISOString(),
        last_used_at: session.lastUsedAt.toISOString(),
        expires_at: session.expiresAt.toISOString(),
        revoked_at: session.revokedAt?.toISOString() ?? null,
        revoked_reason: session.revokedReason,
        user_agent: session.userAgent,
        ip: session.ip,
      })),
    };
  }

  /**
   * Runs one of the shared operator actions on the learner `id`, then answers their page as it is now.
   * `onStaff`: what only an owner may do to a staff account (their own included).
   */
  async function act(
    id: string,
    action: (username: string) => Promise<unknown>,
    onStaff?: { actor: ConsoleActor },
  ): Promise<LearnerDetail> {
    const user = await learner(id);
    if (onStaff && user.isStaff && !onStaff.actor.owner) throw ownerRequired(ADMIN_MESSAGES.ownerOnlyStaffAccount);
    await action(user.username);
    learnersChanged([user.id]);
    return detail(user.id);
  }

  return {
    async search(query: LearnerSearchQuery, url: string): Promise<Paged<LearnerRow>> {
      const filter = { ...query, now: now() };
      const [rows, total] = await Promise.all([
        repo.searchLearners(db, filter, pageWindow(query)),
        repo.countLearners(db, filter),
      ]);
      return pagedResponse(rows.map(toRow), total, query, url);
    },
    detail,
    /** A learner's page as a staff member opens it: the read is audited (`learner.view`). */
    async view(actor: ConsoleActor, id: string): Promise<LearnerDetail> {
      const page = await detail(id);
      await recordAudit(db, actor, {
        action: 'learner.view',
        target: { type: 'user', id: page.id, label: page.username },
      });
      return page;
    },
    verify: (actor: ConsoleActor, id: string) => act(id, (name) => learnerActions.verify(db, actor, name)),
    grantPremium: (actor: ConsoleActor, id: string, days: number | null) =>
      act(id, (name) => learnerActions.grantPremium(db, actor, name, days ?? undefined, now()), { actor }),
    revokePremium: (actor: ConsoleActor, id: string) =>
      act(id, (name) => learnerActions.revokePremium(db, actor, name, now()), { actor }),
    setStaff: (actor: ConsoleActor, id: string, staff: boolean) => {
      if (!actor.owner) throw ownerRequired(ADMIN_MESSAGES.ownerOnlyStaff);
      return act(id, (name) => learnerActions.setStaff(db, actor, name, staff));
    },
    setActive: (actor: ConsoleActor, id: string, active: boolean) =>
      act(id, (name) => learnerActions.setActive(db, actor, name, active, now()), { actor }),
    resendVerification: (actor: ConsoleActor, id: string) =>
      act(id, (name) => learnerActions.resendVerification(db, actor, name, site, now())),
    sendPasswordReset: (actor: ConsoleActor, id: string) =>
      act(id, (name) => learnerActions.sendPasswordReset(db, actor, name, site, now())),
    resetTwoFactor: (actor: ConsoleActor, id: string) =>
      act(id, (name) => learnerActions.resetTwoFactor(db, actor, name, site, now()), { actor }),
  };
}
