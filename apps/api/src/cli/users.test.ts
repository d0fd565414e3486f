import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '@bastion/contract';
import { auditLog, sessions, twoFactor, users, type Database } from '@bastion/db';
import { commandContext } from '../../test/command-context.ts';
import { openTestDatabase } from '../../test/database.ts';
import { createUser } from '../../test/fixtures.ts';
import { queuedMails } from '../../test/two-factor.ts';
import { parseCommandArgs, UsageError } from './command.ts';
import { userCommands } from './users.ts';

// The command in-process, on a test database: the effects are tested with resetTwoFactor, the process plumbing by cli.test.ts.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const command = userCommands.find((c) => c.name === 'user 2fa-reset')!;

async function runNamed(name: string, args: string[]) {
  const named = userCommands.find((c) => c.name === name)!;
  const input = parseCommandArgs(named, args);
  named.check?.(input);
  return named.run(input, commandContext(database));
}

async function run(args: string[]) {
  const input = parseCommandArgs(command, args);
  command.check?.(input);
  return command.run(input, commandContext(database));
}

describe('user 2fa-reset', () => {
  it('resets the named learner, mails a link to the configured APP_URL and prints what it did', async () => {
    const user = await createUser(database.db);
    await database.db.insert(twoFactor).values({ userId: user.id, secret: 'sealed-key', enabledAt: new Date() });
    expect(await run([user.username])).toEqual({
      username: user.username,
      was_enabled: true,
      sessions_ended: 0,
      mailed: true,
    });
    const [mail] = await queuedMails(database.db, user.email);
    expect(mail!.text).toContain('http://bastion.test/edit-profile#security');
    expect(await run([user.username])).toMatchObject({ was_enabled: false, mailed: false });
  });

  it('reports an unknown learner and a missing or extra argument', async () => {
    await expect(run(['nobody-here'])).rejects.toThrow('No user named "nobody-here".');
    await expect(run([])).rejects.toThrow(UsageError);
    await expect(run(['a', 'b'])).rejects.toThrow(UsageError);
  });
});

describe('user disable and user enable', () => {
  it('disables (ending every session) and enables an account, as the console does', async () => {
    const user = await createUser(database.db);
    await database.db.insert(sessions).values({ userId: user.id, expiresAt: new Date(Date.now() + 60_000) });
    expect(await runNamed('user disable', [user.username])).toMatchObject({ is_active: false, sessions_ended: 1 });
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.isActive).toBe(false);
    expect(await runNamed('user enable', [user.username])).toMatchObject({ is_active: true, sessions_ended: 0 });
    await expect(runNamed('user disable', ['nobody-here'])).rejects.toThrow('No user named "nobody-here".');
  });
});

describe('user set-owner', () => {
  it('makes a staff account an owner or ends it, audited, keeping the last owner (and their staff status)', async () => {
    const first = await createUser(database.db, { isStaff: true, isOwner: true });
    const second = await createUser(database.db, { isStaff: true });
    const learner = await createUser(database.db);
    const isOwner = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id)))[0]!.isOwner;

    await expect(runNamed('user set-owner', [learner.username])).rejects.toThrow(ADMIN_MESSAGES.ownerNotStaff);
    expect(await runNamed('user set-owner', [second.username])).toMatchObject({
      username: second.username,
      is_staff: true,
      is_owner: true,
    });
    expect(await runNamed('user set-owner', [first.username, '--off'])).toMatchObject({ is_owner: false });
    await expect(runNamed('user set-owner', [second.username, '--off'])).rejects.toThrow(ADMIN_MESSAGES.lastOwner);
    await expect(runNamed('user set-staff', [second.username, '--off'])).rejects.toThrow(ADMIN_MESSAGES.lastOwner);
    await expect(runNamed('user disable', [second.username])).rejects.toThrow(ADMIN_MESSAGES.lastOwner);
    expect([await isOwner(first.id), await isOwner(second.id)]).toEqual([false, true]);

    const rows = await database.db.select().from(auditLog).where(eq(auditLog.via, 'cli'));
    const owners = rows.filter((row) => row.action.endsWith('_owner'));
    expect(owners.map((row) => [row.action, row.targetLabel, row.after])).toEqual([
      ['learner.make_owner', second.username, { is_owner: true }],
      ['learner.remove_owner', first.username, { is_owner: false }],
    ]);
    await expect(runNamed('user set-owner', [])).rejects.toThrow(UsageError);
  });
});
