import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFixturesDir } from '@bastion/content/testing';
import { auditLog, users } from '@bastion/db';
import { commandContext, TEST_CLI_ACTOR } from '../../../test/command-context.ts';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { signedInStaff, type SignedIn } from '../../../test/staff.ts';
import { parseCommandArgs, type Command } from '../../cli/command.ts';
import { contentCommands } from '../../cli/content.ts';
import { couponCommands } from '../../cli/coupons.ts';
import { notificationCommands } from '../../cli/notifications.ts';
import { userCommands } from '../../cli/users.ts';
import { audited, type Actor } from './audit.service.ts';

let ctx: TestContext;
let staff: SignedIn;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signedInStaff(ctx);
});
afterAll(() => ctx.close());

const ACTOR: Actor = { id: null, name: 'tester@host', via: 'cli', ip: null };

async function runCommand(commands: Command[], name: string, args: string[]) {
  const command = commands.find((c) => c.name === name)!;
  const input = parseCommandArgs(command, args);
  command.check?.(input);
  return command.run(input, commandContext(ctx.database));
}

const rowsFor = (targetLabel: string) =>
  ctx.db.select().from(auditLog).where(eq(auditLog.targetLabel, targetLabel)).orderBy(auditLog.at);

const list = (query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/admin/audit/${query}`, headers: { authorization: staff.authorization } });

describe('the audit log', () => {
  it('records a change with it, and nothing when the change fails', async () => {
    await audited(ctx.db, ACTOR, async () => ({
      result: 1,
      audit: { action: 'learner.verify', target: { type: 'user', id: 'x', label: 'audited-once' }, after: { a: 1 } },
    }));
    await expect(
      audited(ctx.db, ACTOR, async (tx) => {
        await tx.update(users).set({ bio: 'changed' }).where(eq(users.id, staff.id));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsFor('audited-once')).toHaveLength(1);
    const [me] = await ctx.db.select({ bio: users.bio }).from(users).where(eq(users.id, staff.id));
    expect(me!.bio).toBe('');
  });

  it('is append-only: the database refuses to change or remove a row', async () => {
    // Drizzle wraps the database's error: its message is the cause's.
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'allowed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(ctx.db.execute(sql`update audit_log set action = 'forged'`))).toMatch(/append-only: UPDATE/);
    expect(await refusal(ctx.db.execute(sql`delete from audit_log`))).toMatch(/append-only: DELETE/);
    expect(await refusal(ctx.db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE/);
  });

  it('records every CLI command that changes data, with who ran it, before and after', async () => {
    const learner = await createUser(ctx.db, { isVerified: false });
    await runCommand(userCommands, 'user verify', [learner.username]);
    await runCommand(userCommands, 'user grant-premium', [learner.username, '--days', '30']);
    await runCommand(userCommands, 'user revoke-premium', [learner.username]);
    await runCommand(userCommands, 'user set-staff', [learner.username]);
    await runCommand(userCommands, 'user set-staff', [learner.username, '--off']);
    await runCommand(userCommands, 'user 2fa-reset', [learner.username]);
    await runCommand(notificationCommands, 'notify broadcast', [
      '--title',
      'Hi',
      '--message',
      'Hello',
      '--user',
      learner.username,
    ]);
    const rows = await rowsFor(learner.username);
    expect(rows.map((row) => row.action)).toEqual([
      'learner.verify',
      'learner.grant_premium',
      'learner.revoke_premium',
      'learner.make_staff',
      'learner.remove_staff',
      'learner.reset_two_factor',
      'notification.broadcast',
    ]);
    for (const row of rows) expect(row).toMatchObject({ actorId: null, actorName: TEST_CLI_ACTOR.name, via: 'cli' });
    expect(rows[0]).toMatchObject({
      targetId: learner.id,
      before: { is_verified: false },
      after: { is_verified: true },
    });
    expect(rows[1]!.before).toEqual({ is_premium: false, premium_until: null });
    expect(rows[1]!.after).toMatchObject({ is_premium: true, days: 30 });
    expect(rows[6]!.after).toMatchObject({ title: 'Hi', message: 'Hello', notified: 1 });

    await runCommand(couponCommands, 'coupon create', ['--code', 'AUDIT-ME', '--points', '5', '--max-uses', '3']);
    await runCommand(couponCommands, 'coupon disable', ['audit-me']);
    const coupon = await rowsFor('AUDIT-ME');
    expect(coupon.map((row) => row.action)).toEqual(['coupon.create', 'coupon.disable']);
    expect(coupon[0]!.after).toMatchObject({ code: 'AUDIT-ME', points: 5, max_uses: 3 });
  });

  it('records a content import once it has succeeded', async () => {
    const dir = path.join(contentFixturesDir, 'valid');
    await runCommand(contentCommands, 'content import', [dir, '--source', 'audited']);
    const [row] = await rowsFor(dir);
    expect(row).toMatchObject({
      action: 'content.import',
      via: 'cli',
      after: { format: 'content', source: 'audited' },
    });
  });

  it('writes nothing for a command that fails', async () => {
    await expect(runCommand(userCommands, 'user verify', ['nobody-at-all'])).rejects.toThrow('No user named');
    expect(await rowsFor('nobody-at-all')).toEqual([]);
  });

  it('lists newest first, filtered by action, actor, target and dates, paged', async () => {
    const learner = await createUser(ctx.db);
    await runCommand(userCommands, 'user grant-premium', [learner.username]);
    await runCommand(userCommands, 'user revoke-premium', [learner.username]);

    const byTarget = await list(`?target=${learner.username}`);
    expect(byTarget.statusCode).toBe(200);
    expect(byTarget.json().results.map((entry: { action: string }) => entry.action)).toEqual([
      'learner.revoke_premium',
      'learner.grant_premium',
    ]);
    expect(byTarget.json().results[0]).toMatchObject({
      actor: { id: null, name: TEST_CLI_ACTOR.name, via: 'cli' },
      target: { type: 'user', id: learner.id, label: learner.username },
      before: { is_premium: true },
      after: { is_premium: false },
    });
    const byId = await list(`?target=${learner.id}&action=learner.grant_premium`);
    expect(byId.json().count).toBe(1);
    expect((await list('?actor=operator@test')).json().count).toBeGreaterThanOrEqual(2);
    expect((await list('?actor=nobody-such')).json().count).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}&target=${learner.username}`)).json().count).toBe(2);
    expect((await list(`?to=2000-01-01`)).json().count).toBe(0);
    const first = (await list('?page_size=1')).json();
    expect(first.results).toHaveLength(1);
    expect(first.next).toContain('page=2');
  });

  it('answers bad filters with field errors, never a 500', async () => {
    const response = await list('?action=learner.delete&from=2026-02-30&to=yesterday&page_size=0');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['action', 'from', 'page_size', 'to']);
    expect((await list('?target=%25_\\')).statusCode).toBe(200);
  });

  it('has no route that changes or removes an entry', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await ctx.app.inject({
        method,
        url: '/api/admin/audit/',
        headers: { authorization: staff.authorization },
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
