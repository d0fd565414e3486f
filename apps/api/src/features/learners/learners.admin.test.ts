import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@bastion/contract';
import { auditLog, sessions, twoFactor, users } from '@bastion/db';
import { accessStatus, login } from '../../../test/accounts.ts';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { signedIn, signedInStaff, type SignedIn } from '../../../test/staff.ts';
import { queuedMails } from '../../../test/two-factor.ts';
import { setActive, setStaff } from '../accounts/users.service.ts';

let ctx: TestContext;
let staff: SignedIn;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signedInStaff(ctx);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, as: SignedIn = staff) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: as.authorization }, remoteAddress: '198.51.100.7' });

const account = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const lastAudit = async (targetId: string) =>
  (
    await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, targetId))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
  )[0];

/** The audit row every console action writes: this staff member, from this address. */
function expectAudit(row: typeof auditLog.$inferSelect | undefined, action: string) {
  expect(row).toMatchObject({
    action,
    actorId: staff.id,
    actorName: staff.username,
    via: 'console',
    ip: '198.51.100.7',
  });
}

describe('the console: finding learners', () => {
  it('searches by username, email or name, sorted and paged, never with a password', async () => {
    const tag = `find${Date.now().toString(36)}`;
    const a = await createUser(ctx.db, { username: `${tag}_a`, points: 30, firstName: 'Zelda' });
    const b = await createUser(ctx.db, { username: `${tag}_b`, points: 10, email: `other-${tag}@example.test` });
    const c = await createUser(ctx.db, { username: `x${tag}`, lastName: `Mc${tag}`, points: 20 });

    const byPoints = await call('GET', `/api/admin/learners/?search=${tag}&sort=-points`);
    expect(byPoints.statusCode).toBe(200);
    expect(byPoints.json().results.map((row: { id: string }) => row.id)).toEqual([a.id, c.id, b.id]);
    expect(byPoints.body).not.toMatch(/password|hash/i);
    const byName = await call('GET', `/api/admin/learners/?search=${tag}&sort=username`);
    expect(byName.json().results.map((row: { username: string }) => row.username)).toEqual([
      a.username,
      b.username,
      c.username,
    ]);
    expect((await call('GET', `/api/admin/learners/?search=other-${tag}`)).json().results[0].id).toBe(b.id);
    expect(
      (await call('GET', `/api/admin/learners/?search=zelda`)).json().results.map((r: { id: string }) => r.id),
    ).toContain(a.id);
    const paged = (await call('GET', `/api/admin/learners/?search=${tag}&page_size=2&page=2`)).json();
    expect(paged).toMatchObject({ count: 3, next: null });
    expect(paged.results).toHaveLength(1);
  });

  it('lists learners, not staff, unless asked for staff or everyone', async () => {
    const tag = `role${Date.now().toString(36)}`;
    const learner = await createUser(ctx.db, { username: `${tag}_learner` });
    const colleague = await createUser(ctx.db, { username: `${tag}_staff`, isStaff: true });
    const ids = async (query: string) => {
      const page = (await call('GET', `/api/admin/learners/?search=${tag}&sort=username${query}`)).json();
      return { count: page.count, ids: page.results.map((row: { id: string }) => row.id) };
    };
    expect(await ids('')).toEqual({ count: 1, ids: [learner.id] });
    expect(await ids('&role=learners')).toEqual({ count: 1, ids: [learner.id] });
    expect(await ids('&role=staff')).toEqual({ count: 1, ids: [colleague.id] });
    expect(await ids('&role=everyone')).toEqual({ count: 2, ids: [learner.id, colleague.id] });
  });

  it('answers bad queries with field errors and unknown learners with 404', async () => {
    const bad = await call('GET', '/api/admin/learners/?sort=password&page_size=1000&role=owners');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['page_size', 'role', 'sort']);
    expect((await call('GET', '/api/admin/learners/?search=%25%5C_')).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/learners/00000000-0000-4000-8000-000000000000/')).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/learners/not-an-id/')).statusCode).toBe(404);
  });

  it("shows a learner's profile, points, progress, sessions and two-factor state", async () => {
    const learner = await createUser(ctx.db, { points: 42, streak: 3 });
    await authHeader(ctx.app, learner.id);
    await ctx.db.insert(twoFactor).values({ userId: learner.id, secret: 'sealed', enabledAt: new Date() });
    const page = await call('GET', `/api/admin/learners/${learner.id}/`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      id: learner.id,
      username: learner.username,
      points: 42,
      streak: 3,
      two_factor: true,
      progress: { lessons_and_quizzes: 0, modules: 0, courses: 0, challenges: 0 },
    });
    expect(page.json().sessions).toHaveLength(1);
    expect(page.body).not.toMatch(/password|sealed/i);
    // What staff read is audited too.
    const row = await lastAudit(learner.id);
    expectAudit(row, 'learner.view');
    expect(row).toMatchObject({ targetType: 'user', targetLabel: learner.username });
  });

  it('audits no view of a learner that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-0000000f0f0f';
    expect((await call('GET', `/api/admin/learners/${missing}/`)).statusCode).toBe(404);
    expect(await lastAudit(missing)).toBeUndefined();
  });
});

describe('the console: acting on an account', () => {
  it('verifies an account, writing the audit row', async () => {
    const learner = await createUser(ctx.db, { isVerified: false });
    const response = await call('POST', `/api/admin/learners/${learner.id}/verify/`);
    expect(response.statusCode).toBe(200);
    expect(response.json().is_verified).toBe(true);
    expect((await account(learner.id)).isVerified).toBe(true);
    const row = await lastAudit(learner.id);
    expectAudit(row, 'learner.verify');
    expect(row).toMatchObject({ before: { is_verified: false }, after: { is_verified: true } });
  });

  it('grants premium with an end date and without, and revokes it', async () => {
    const learner = await createUser(ctx.db);
    const granted = await call('POST', `/api/admin/learners/${learner.id}/premium/`, { days: 30 });
    expect(granted.statusCode).toBe(200);
    const until = new Date(granted.json().premium_until).getTime();
    expect(until).toBeGreaterThan(ctx.clock.now().getTime() + 29 * 86_400_000);
    expect((await account(learner.id)).isPremium).toBe(true);
    expectAudit(await lastAudit(learner.id), 'learner.grant_premium');
    expect((await lastAudit(learner.id))!.after).toMatchObject({ is_premium: true, days: 30 });

    const forever = await call('POST', `/api/admin/learners/${learner.id}/premium/`, { days: null });
    expect(forever.json()).toMatchObject({ is_premium: true, premium_until: null });

    const revoked = await call('DELETE', `/api/admin/learners/${learner.id}/premium/`);
    expect(revoked.json()).toMatchObject({ is_premium: false, premium_until: null });
    expect((await account(learner.id)).isPremium).toBe(false);
    const row = await lastAudit(learner.id);
    expectAudit(row, 'learner.revoke_premium');
    expect(row).toMatchObject({ before: { is_premium: true, premium_until: null }, after: { is_premium: false } });

    for (const days of [0, 1.5, 36_501, '30']) {
      const bad = await call('POST', `/api/admin/learners/${learner.id}/premium/`, { days });
      expect([days, bad.statusCode, Object.keys(bad.json())]).toEqual([days, 400, ['days']]);
    }
  });

  it("makes and removes staff, but never one's own status, nor the last staff account's", async () => {
    const learner = await createUser(ctx.db);
    const made = await call('PUT', `/api/admin/learners/${learner.id}/staff/`, { is_staff: true });
    expect(made.json().is_staff).toBe(true);
    expectAudit(await lastAudit(learner.id), 'learner.make_staff');
    const removed = await call('PUT', `/api/admin/learners/${learner.id}/staff/`, { is_staff: false });
    expect(removed.json().is_staff).toBe(false);
    expect((await account(learner.id)).isStaff).toBe(false);
    expectAudit(await lastAudit(learner.id), 'learner.remove_staff');

    const own = await call('PUT', `/api/admin/learners/${staff.id}/staff/`, { is_staff: false });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ detail: ADMIN_MESSAGES.ownStaff });
    expect((await account(staff.id)).isStaff).toBe(true);
  });

  it('refuses to demote the last active staff account', async () => {
    const solo = await createTestApp();
    try {
      const only = await signedInStaff(solo);
      const other = await createUser(solo.db, { isStaff: true, isActive: false, isOwner: true });
      // An operator at the shell is not the account, yet the last staff account stays staff.
      await expect(setStaff(solo.db, only.username, false)).rejects.toThrow(ADMIN_MESSAGES.lastStaff);
      const response = await solo.app.inject({
        method: 'PUT',
        url: `/api/admin/learners/${other.id}/active/`,
        payload: { is_active: true },
        headers: { authorization: only.authorization },
      });
      expect(response.json().is_active).toBe(true);
      await setStaff(solo.db, only.username, false);
      expect((await solo.db.select().from(users).where(eq(users.id, only.id)))[0]!.isStaff).toBe(false);
    } finally {
      await solo.close();
    }
  });

  it('disables an account: every session ends at once and sign-in says why; enabling lets it back', async () => {
    const learner = await createUser(ctx.db);
    const open = await authHeader(ctx.app, learner.id);
    await authHeader(ctx.app, learner.id);
    expect(await accessStatus(ctx.app, open.authorization.slice(7))).toBe(400);

    const disabled = await call('PUT', `/api/admin/learners/${learner.id}/active/`, { is_active: false });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().is_active).toBe(false);
    expect(await accessStatus(ctx.app, open.authorization.slice(7))).toBe(401);
    const ended = await ctx.db.select().from(sessions).where(eq(sessions.userId, learner.id));
    expect(ended.map((session) => session.revokedReason)).toEqual(['account_disabled', 'account_disabled']);
    const row = await lastAudit(learner.id);
    expectAudit(row, 'learner.disable');
    expect(row).toMatchObject({ before: { is_active: true }, after: { is_active: false, sessions_ended: 2 } });
    const refused = await login(ctx.app, learner.username, learner.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(ADMIN_MESSAGES.accountDisabled);

    const enabled = await call('PUT', `/api/admin/learners/${learner.id}/active/`, { is_active: true });
    expect(enabled.json().is_active).toBe(true);
    expectAudit(await lastAudit(learner.id), 'learner.enable');
    expect((await login(ctx.app, learner.username, learner.password)).statusCode).toBe(200);

    const self = await call('PUT', `/api/admin/learners/${staff.id}/active/`, { is_active: false });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ detail: ADMIN_MESSAGES.ownAccount });
    expect((await account(staff.id)).isActive).toBe(true);
    expect((await call('PUT', `/api/admin/learners/${learner.id}/active/`, { is_active: 'no' })).statusCode).toBe(400);
  });

  it('mails a new verification link to an unverified account only', async () => {
    const learner = await createUser(ctx.db, { isVerified: false });
    expect((await call('POST', `/api/admin/learners/${learner.id}/resend-verification/`)).statusCode).toBe(200);
    const [mail] = await queuedMails(ctx.db, learner.email);
    expect(mail!.subject).toBe('Verify your Bastion account');
    expect(mail!.text).toContain(`${ctx.config.appUrl}/verify-email/`);
    expectAudit(await lastAudit(learner.id), 'learner.resend_verification');

    const verified = await createUser(ctx.db);
    const refused = await call('POST', `/api/admin/learners/${verified.id}/resend-verification/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: ADMIN_MESSAGES.alreadyVerified });
    expect(await lastAudit(verified.id)).toBeUndefined();
  });

  it('mails a password-reset link (the password itself is never shown or set)', async () => {
    const learner = await createUser(ctx.db);
    const before = (await account(learner.id)).passwordHash;
    const response = await call('POST', `/api/admin/learners/${learner.id}/password-reset/`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/password_hash|reset-password/);
    const [mail] = await queuedMails(ctx.db, learner.email);
    expect(mail!.subject).toBe('Reset your Bastion password');
    expect(mail!.text).toContain(`${ctx.config.appUrl}/reset-password/`);
    expect((await account(learner.id)).passwordHash).toBe(before);
    expectAudit(await lastAudit(learner.id), 'learner.send_password_reset');
  });

  it('resets two-factor sign-in and mails the owner', async () => {
    const learner = await createUser(ctx.db);
    const open = await authHeader(ctx.app, learner.id);
    await ctx.db.insert(twoFactor).values({ userId: learner.id, secret: 'sealed', enabledAt: new Date() });
    const response = await call('POST', `/api/admin/learners/${learner.id}/2fa-reset/`);
    expect(response.statusCode).toBe(200);
    expect(response.json().two_factor).toBe(false);
    expect(await ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, learner.id))).toEqual([]);
    expect(await accessStatus(ctx.app, open.authorization.slice(7))).toBe(401);
    const mails = await queuedMails(ctx.db, learner.email);
    expect(mails.at(-1)!.subject).toBe('Two-factor sign-in was reset on your Bastion account');
    const row = await lastAudit(learner.id);
    expectAudit(row, 'learner.reset_two_factor');
    expect(row).toMatchObject({ before: { two_factor: true }, after: { two_factor: false, sessions_ended: 1 } });
  });
});

describe('the console: what only an owner may do', () => {
  let colleague: SignedIn;
  beforeAll(async () => {
    colleague = await signedIn(ctx, { staff: true, owner: false });
  });
  const refused = (response: { statusCode: number; json(): unknown }, detail: string) =>
    expect([response.statusCode, response.json()]).toEqual([403, { detail, code: 'owner_required' }]);

  it('says who is an owner', async () => {
    const me = (as: SignedIn) => call('GET', '/api/admin/me/', undefined, as);
    expect((await me(staff)).json()).toMatchObject({ id: staff.id, is_owner: true });
    expect((await me(colleague)).json()).toEqual({ id: colleague.id, username: colleague.username, is_owner: false });
  });

  it('makes or removes staff: an owner only', async () => {
    const learner = await createUser(ctx.db);
    const otherStaff = await createUser(ctx.db, { isStaff: true });
    refused(
      await call('PUT', `/api/admin/learners/${learner.id}/staff/`, { is_staff: true }, colleague),
      ADMIN_MESSAGES.ownerOnlyStaff,
    );
    refused(
      await call('PUT', `/api/admin/learners/${otherStaff.id}/staff/`, { is_staff: false }, colleague),
      ADMIN_MESSAGES.ownerOnlyStaff,
    );
    expect((await account(learner.id)).isStaff).toBe(false);
    expect((await account(otherStaff.id)).isStaff).toBe(true);
    expect(await lastAudit(learner.id)).toBeUndefined();

    const made = await call('PUT', `/api/admin/learners/${learner.id}/staff/`, { is_staff: true });
    expect(made.json().is_staff).toBe(true);
    // Made staff while an owner exists: not an owner.
    expect((await account(learner.id)).isOwner).toBe(false);
  });

  it('acts on a staff account (disable, two-factor reset, Premium): an owner only; on learners, any staff', async () => {
    const other = await createUser(ctx.db, { isStaff: true });
    await ctx.db.insert(twoFactor).values({ userId: other.id, secret: 'sealed', enabledAt: new Date() });
    const attempts: [Method, string, object | undefined][] = [
      ['PUT', 'active', { is_active: false }],
      ['POST', '2fa-reset', undefined],
      ['POST', 'premium', { days: 30 }],
      ['DELETE', 'premium', undefined],
    ];
    for (const [method, path, body] of attempts) {
      const response = await call(method, `/api/admin/learners/${other.id}/${path}/`, body, colleague);
      refused(response, ADMIN_MESSAGES.ownerOnlyStaffAccount);
    }
    expect(await account(other.id)).toMatchObject({ isActive: true, isPremium: false });
    expect(await ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, other.id))).toHaveLength(1);
    expect(await lastAudit(other.id)).toBeUndefined();

    const learner = await createUser(ctx.db);
    const granted = await call('POST', `/api/admin/learners/${learner.id}/premium/`, { days: 30 }, colleague);
    expect(granted.json().is_premium).toBe(true);
    const disabled = await call('PUT', `/api/admin/learners/${learner.id}/active/`, { is_active: false }, colleague);
    expect(disabled.json().is_active).toBe(false);
    expect((await lastAudit(learner.id))!.actorId).toBe(colleague.id);

    const byOwner = await call('PUT', `/api/admin/learners/${other.id}/active/`, { is_active: false });
    expect(byOwner.json().is_active).toBe(false);
    expectAudit(await lastAudit(other.id), 'learner.disable');
  });

  it('grants Premium to oneself: an owner only', async () => {
    const own = await call('POST', `/api/admin/learners/${colleague.id}/premium/`, { days: 30 }, colleague);
    refused(own, ADMIN_MESSAGES.ownerOnlyStaffAccount);
    expect((await account(colleague.id)).isPremium).toBe(false);
    const mine = await call('POST', `/api/admin/learners/${staff.id}/premium/`, { days: 30 });
    expect(mine.json().is_premium).toBe(true);
  });

  it('ends ownership with staff status, and keeps the last owner', async () => {
    const owner = await createUser(ctx.db, { isStaff: true, isOwner: true });
    const removed = await call('PUT', `/api/admin/learners/${owner.id}/staff/`, { is_staff: false });
    expect(removed.json().is_staff).toBe(false);
    expect(await account(owner.id)).toMatchObject({ isStaff: false, isOwner: false });

    const solo = await createTestApp();
    try {
      const only = await signedInStaff(solo);
      await createUser(solo.db, { isStaff: true });
      // Another staff account is left, but no other owner.
      await expect(setStaff(solo.db, only.username, false)).rejects.toThrow(ADMIN_MESSAGES.lastOwner);
      await expect(setActive(solo.db, only.username, false)).rejects.toThrow(ADMIN_MESSAGES.lastOwner);
      expect((await solo.db.select().from(users).where(eq(users.id, only.id)))[0]).toMatchObject({
        isStaff: true,
        isOwner: true,
        isActive: true,
      });
    } finally {
      await solo.close();
    }
  });
});
