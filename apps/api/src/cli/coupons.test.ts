import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, type Database } from '@bastion/db';
import { commandContext } from '../../test/command-context.ts';
import { openTestDatabase } from '../../test/database.ts';
import { createUser } from '../../test/fixtures.ts';
import { DEMO_COUPONS, parseExpiry, seedDemoCoupons } from '../features/coupons/coupons.operator.ts';
import { parseCommandArgs, UsageError } from './command.ts';
import { couponCommands } from './coupons.ts';

// The commands in-process, on a test database: the CLI's process plumbing is covered by cli.test.ts.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function run(name: string, args: string[]) {
  const command = couponCommands.find((c) => c.name === name)!;
  const input = parseCommandArgs(command, args);
  command.check?.(input);
  // What the CLI prints: the result as JSON.
  return JSON.parse(JSON.stringify(await command.run(input, commandContext(database))));
}

const rowOf = async (code: string) => (await database.db.select().from(coupons).where(eq(coupons.code, code)))[0];

describe('coupon create', () => {
  it('creates a code with every option, stored upper-case, and prints it', async () => {
    const ann = await createUser(database.db);
    const bob = await createUser(database.db);
    const created = await run('coupon create', [
      '--code',
      'spring-2030',
      '--points',
      '150',
      '--required-points',
      '40',
      '--expires',
      '2030-04-30T18:00:00+02:00',
      '--max-uses',
      '25',
      '--premium-only',
      '--user',
      ann.username,
      '--user',
      bob.username.toUpperCase(),
    ]);
    expect(created).toEqual({
      id: expect.any(String),
      code: 'SPRING-2030',
      points: 150,
      required_points: 40,
      expires_at: '2030-04-30T16:00:00.000Z',
      max_uses: 25,
      uses: 0,
      premium_only: true,
      premium_days: 0,
      users: [ann.username, bob.username],
      disabled_at: null,
      created_at: expect.any(String),
    });
    expect(await rowOf('SPRING-2030')).toMatchObject({
      points: 150,
      requiredPoints: 40,
      maxUses: 25,
      premiumOnly: true,
      allowedUserIds: [ann.id, bob.id],
    });
  });

  it('defaults to anyone, unlimited uses, no expiry; a date alone lasts to the end of that day (UTC)', async () => {
    expect(await run('coupon create', ['--code', 'PLAIN1', '--points', '5'])).toMatchObject({
      required_points: 0,
      expires_at: null,
      max_uses: null,
      premium_only: false,
      users: null,
    });
    expect(
      (await run('coupon create', ['--code', 'DAYONLY', '--points', '5', '--expires', '2031-01-31'])).expires_at,
    ).toBe('2031-01-31T23:59:59.999Z');
  });

  it('creates an upgrade code granting premium days, with no points unless given', async () => {
    const created = await run('coupon create', ['--code', 'month-free', '--premium-days', '30', '--max-uses', '5']);
    expect(created).toMatchObject({ code: 'MONTH-FREE', points: 0, premium_days: 30, max_uses: 5 });
    expect((await rowOf('MONTH-FREE'))?.premiumDays).toBe(30);
    await expect(run('coupon create', ['--code', 'NOTHING'])).rejects.toThrow('--points or --premium-days is required');
    await expect(run('coupon create', ['--code', 'ZERO', '--premium-days', '0'])).rejects.toThrow(UsageError);
    await expect(run('coupon create', ['--code', 'HUGE', '--premium-days', '99999'])).rejects.toThrow(
      'premium-days: use a whole number from 1 to 3660',
    );
  });

  it('refuses a duplicate code (in any case) with a clear message', async () => {
    await run('coupon create', ['--code', 'TWICE', '--points', '5']);
    await expect(run('coupon create', ['--code', 'twice', '--points', '9'])).rejects.toThrow(
      'Cannot create the reward code: "TWICE" already exists.',
    );
    expect((await rowOf('TWICE'))!.points).toBe(5);
  });

  it('refuses bad dates, past dates, bad codes and unknown users, listing every problem', async () => {
    for (const bad of ['2030-02-30', '31/12/2030', '2030-12-31T10:00:00', 'tomorrow', '2030-12-31T25:00:00Z']) {
      await expect(run('coupon create', ['--code', 'DATED', '--points', '5', '--expires', bad]), bad).rejects.toThrow(
        'Cannot create the reward code: expires: use an ISO 8601 date such as 2026-12-31 or 2026-12-31T18:00:00Z.',
      );
    }
    await expect(run('coupon create', ['--code', 'OLD', '--points', '5', '--expires', '2001-01-01'])).rejects.toThrow(
      'expires: that moment has already passed',
    );
    await expect(
      run('coupon create', ['--code', 'x!', '--points', '5', '--user', 'nobody-at-all', '--user', 'nor-this-one']),
    ).rejects.toThrow(
      'Cannot create the reward code: code: use 3 to 32 characters: letters, digits, - or _; user: no user named "nobody-at-all"; user: no user named "nor-this-one".',
    );
    await expect(run('coupon create', ['--code', 'HUGE', '--points', '100001'])).rejects.toThrow(
      'points: use a whole number from 1 to 100000',
    );
    // Past what the database's integer holds: refused as the others are, before any row is written.
    for (const [flag, bound] of [
      ['--required-points', 'required-points: use a whole number from 0 to 2147483647'],
      ['--max-uses', 'max-uses: use a whole number from 1 to 2147483647'],
    ] as const) {
      for (const value of ['2147483648', '3000000000', '4294967296', '9007199254740991']) {
        const args = ['--code', 'BIGNUM', '--points', '1', flag, value];
        await expect(run('coupon create', args), `${flag} ${value}`).rejects.toThrow(bound);
      }
    }
    expect(await rowOf('BIGNUM')).toBeUndefined();
    expect(await rowOf('DATED')).toBeUndefined();
    expect(await rowOf('OLD')).toBeUndefined();
  });

  it('reports missing and malformed options as usage errors', async () => {
    await expect(run('coupon create', ['--points', '5'])).rejects.toThrow(new UsageError('--code is required'));
    await expect(run('coupon create', ['--code', 'A1B'])).rejects.toThrow(
      new UsageError('--points or --premium-days is required'),
    );
    for (const [flag, value] of [
      ['--points', '0'],
      ['--points', '1.5'],
      ['--points', '-3'],
      ['--max-uses', '0'],
      ['--required-points', 'lots'],
    ] as const) {
      const args = ['--code', 'A1B', '--points', '5', flag, value];
      await expect(run('coupon create', args), `${flag} ${value}`).rejects.toThrow(UsageError);
    }
    await expect(run('coupon create', ['--code', 'A1B', '--points', '5', '--bogus'])).rejects.toThrow(UsageError);
    expect(await rowOf('A1B')).toBeUndefined();
  });
});

describe('coupon list and disable', () => {
  it('lists newest first with uses, honours --limit, and disables a code once', async () => {
    await run('coupon create', ['--code', 'LISTME1', '--points', '1']);
    // Newest is by creation time: two codes made within the same millisecond have no order.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await run('coupon create', ['--code', 'LISTME2', '--points', '2']);
    const listed = await run('coupon list', []);
    expect(listed.map((c: { code: string }) => c.code).slice(0, 2)).toEqual(['LISTME2', 'LISTME1']);
    expect(await run('coupon list', ['--limit', '1'])).toHaveLength(1);
    await expect(run('coupon list', ['--limit', '0'])).rejects.toThrow(UsageError);
    // Number() reads these as whole numbers: a limit is digits, and fits the database's integer.
    for (const limit of ['1e20', '0x10', '2147483648', '99999999999999999999']) {
      await expect(run('coupon list', ['--limit', limit]), limit).rejects.toThrow(
        new UsageError('--limit must be a positive whole number, at most 2147483647'),
      );
    }

    const disabled = await run('coupon disable', ['listme1']);
    expect(disabled).toMatchObject({ code: 'LISTME1', disabled_at: expect.any(String) });
    const again = await run('coupon disable', ['LISTME1']);
    expect(again.disabled_at).toBe(disabled.disabled_at);
    await expect(run('coupon disable', ['NO-SUCH-CODE'])).rejects.toThrow('No reward code "NO-SUCH-CODE".');
    await expect(run('coupon disable', [])).rejects.toThrow(UsageError);
  });
});

describe('demo reward codes', () => {
  it('are created once, and left alone afterwards', async () => {
    await seedDemoCoupons(database.db);
    await run('coupon disable', ['WELCOME50']);
    await seedDemoCoupons(database.db);
    for (const demo of DEMO_COUPONS) {
      expect(await database.db.select().from(coupons).where(eq(coupons.code, demo.code))).toEqual([
        expect.objectContaining({
          points: demo.points,
          requiredPoints: demo.requiredPoints,
          premiumOnly: demo.premiumOnly,
        }),
      ]);
    }
    expect((await rowOf('WELCOME50'))!.disabledAt).not.toBeNull();
  });
});

describe('parseExpiry', () => {
  it('accepts strict ISO 8601 only', () => {
    expect(parseExpiry('2030-02-28')?.toISOString()).toBe('2030-02-28T23:59:59.999Z');
    expect(parseExpiry('2030-02-28T10:15Z')?.toISOString()).toBe('2030-02-28T10:15:00.000Z');
    expect(parseExpiry('2030-02-28T10:15:30.5-05:00')?.toISOString()).toBe('2030-02-28T15:15:30.500Z');
    for (const bad of ['2030-2-28', '2030-02-29', '2030-02-28T10:60Z', '2030-02-28 10:00Z', '']) {
      expect(parseExpiry(bad), bad).toBeNull();
    }
  });
});
