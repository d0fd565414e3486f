import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { login } from '../../../test/accounts.ts';
import { ADMIN_MESSAGES } from '@bastion/contract';
import { createUser, grantPremium, revokePremium, seedDemo, setOwner, setStaff, verifyUser } from './users.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const input = {
  username: 'Operator.Made',
  email: 'made@example.test',
  password: 'Tangerine-Orbit-42',
  firstName: 'Made',
  lastName: 'ByOperator',
  country: 'de',
};

describe('operator user commands', () => {
  it('creates a user (unverified unless asked) and refuses duplicates with a clear message', async () => {
    const created = await createUser(ctx.db, input);
    expect(created).toMatchObject({
      username: 'operator.made',
      email: 'made@example.test',
      is_verified: false,
      is_staff: false,
      is_premium: false,
    });
    expect(JSON.parse(JSON.stringify(created))).toEqual(created);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ country: 'DE', publicProfile: expect.objectContaining({ is_public: true }) });
    await expect(createUser(ctx.db, input)).rejects.toThrow(/already taken/);
    await expect(createUser(ctx.db, { ...input, username: 'other', email: 'MADE@example.test' })).rejects.toThrow(
      /already registered/,
    );
    await expect(
      createUser(ctx.db, { ...input, username: 'x', email: 'bad', country: 'ZZ', password: 'short' }),
    ).rejects.toThrow(/username.*email.*country.*password/);
  });

  it('verifies, grants and revokes premium, sets staff; unknown users are a clear error', async () => {
    const made = await createUser(ctx.db, {
      ...input,
      username: 'flags',
      email: 'flags@example.test',
      verified: false,
    });
    expect((await verifyUser(ctx.db, 'flags')).is_verified).toBe(true);

    const unlimited = await grantPremium(ctx.db, 'flags');
    expect(unlimited).toMatchObject({ is_premium: true, premium_until: null });
    const month = await grantPremium(ctx.db, 'flags', 30);
    expect(new Date(month.premium_until!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const extended = await grantPremium(ctx.db, 'flags', 30);
    expect(new Date(extended.premium_until!).getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, made.id));
    expect(row!.premiumSource).toBe('operator');
    await expect(grantPremium(ctx.db, 'flags', 0)).rejects.toThrow(/days/);

    expect(await revokePremium(ctx.db, 'flags')).toMatchObject({ is_premium: false, premium_until: null });
    expect((await setStaff(ctx.db, 'flags', true)).is_staff).toBe(true);
    // The first staff account is the owner.
    const owner = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!.isOwner;
    expect(await owner(made.id)).toBe(true);
    // The last staff account keeps its status until someone else has it.
    await expect(setStaff(ctx.db, 'flags', false)).rejects.toThrow('This is the last staff account');
    const second = await createUser(ctx.db, {
      ...input,
      username: 'second-staff',
      email: 'second-staff@example.com',
      staff: true,
    });
    expect(await owner(second.id)).toBe(false);
    // ... and the last owner keeps both until someone else is an owner.
    await expect(setStaff(ctx.db, 'flags', false)).rejects.toThrow(ADMIN_MESSAGES.lastOwner);
    expect(await setOwner(ctx.db, 'second-staff', true)).toMatchObject({ username: 'second-staff', is_owner: true });
    expect((await setStaff(ctx.db, 'flags', false)).is_staff).toBe(false);
    expect(await owner(made.id)).toBe(false);

    for (const command of [verifyUser, revokePremium, (db: typeof ctx.db, name: string) => grantPremium(db, name, 3)]) {
      await expect(command(ctx.db, 'ghost')).rejects.toThrow('No user named "ghost".');
    }
    await expect(setStaff(ctx.db, 'ghost', true)).rejects.toThrow(/ghost/);
  });

  it('seeds a verified demo learner once, who can sign in', async () => {
    expect(await seedDemo(ctx.db)).toEqual({ username: 'demo', password: 'bastion-demo-2026' });
    expect(await seedDemo(ctx.db)).toEqual({ username: 'demo', password: 'bastion-demo-2026' });
    const demos = await ctx.db.select().from(users).where(eq(users.username, 'demo'));
    expect(demos).toHaveLength(1);
    expect(demos[0]!.isVerified).toBe(true);
    expect((await login(ctx.app, 'demo', 'bastion-demo-2026')).statusCode).toBe(200);
  });
});
