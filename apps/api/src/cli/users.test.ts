import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, twoFactor, users, type Database } from '@bastion/db';
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
