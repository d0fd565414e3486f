import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, type Database } from '@bastion/db';
import { commandContext } from '../../test/command-context.ts';
import { openTestDatabase } from '../../test/database.ts';
import { createUser } from '../../test/fixtures.ts';
import { parseCommandArgs, UsageError } from './command.ts';
import { notificationCommands } from './notifications.ts';

// The command in-process, on a test database: the CLI's process plumbing is covered by cli.test.ts.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const command = notificationCommands.find((c) => c.name === 'notify broadcast')!;

async function run(args: string[]) {
  const input = parseCommandArgs(command, args);
  command.check?.(input);
  return command.run(input, commandContext(database));
}

const inbox = (userId: string) => database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('notify broadcast', () => {
  it('sends one notification to every active, verified learner', async () => {
    const a = await createUser(database.db);
    const b = await createUser(database.db);
    const unverified = await createUser(database.db, { isVerified: false });
    const inactive = await createUser(database.db, { isActive: false });
    const result = await run(['--title', 'Maintenance', '--message', 'Back at 10:00.', '--type', 'warning']);
    expect(result).toEqual({ notified: 2, title: 'Maintenance', type: 'warning', user: null });
    for (const user of [a, b]) {
      expect(await inbox(user.id)).toEqual([
        expect.objectContaining({
          title: 'Maintenance',
          message: 'Back at 10:00.',
          type: 'warning',
          link: null,
          isRead: false,
        }),
      ]);
    }
    expect(await inbox(unverified.id)).toEqual([]);
    expect(await inbox(inactive.id)).toEqual([]);
  });

  it('sends to one learner with --user (any case), type info by default', async () => {
    const target = await createUser(database.db);
    const bystander = await createUser(database.db);
    const result = await run(['--title', ' Hello ', '--message', 'Just you.', '--user', target.username.toUpperCase()]);
    expect(result).toEqual({ notified: 1, title: 'Hello', type: 'info', user: target.username });
    expect(await inbox(target.id)).toEqual([expect.objectContaining({ title: 'Hello', type: 'info' })]);
    expect(await inbox(bystander.id)).toEqual([]);
  });

  it('rejects an unknown user, a bad type and blank texts without sending anything', async () => {
    const before = (await database.db.select().from(notifications)).length;
    await expect(run(['--title', 'T', '--message', 'M', '--user', 'nobody-here'])).rejects.toThrow(
      'No user named "nobody-here".',
    );
    await expect(run(['--title', 'T', '--message', 'M', '--type', 'urgent'])).rejects.toThrow(
      'Cannot send the notification: type: use info, success, warning or error.',
    );
    await expect(run(['--title', ' ', '--message', ''])).rejects.toThrow(
      'Cannot send the notification: title: use 1 to 200 characters; message: use 1 to 2000 characters.',
    );
    expect((await database.db.select().from(notifications)).length).toBe(before);
  });

  it('reports missing options and stray arguments as usage errors', async () => {
    await expect(run(['--message', 'M'])).rejects.toThrow(new UsageError('--title is required'));
    await expect(run(['--title', 'T'])).rejects.toThrow(new UsageError('--message is required'));
    await expect(run(['--title', 'T', '--message', 'M', 'extra'])).rejects.toThrow(UsageError);
    await expect(run(['--title', 'T', '--message', 'M', '--loud'])).rejects.toThrow(UsageError);
  });
});
