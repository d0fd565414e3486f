import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userBadges } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createChallenge } from '../../../test/challenge-fixtures.ts';
import { insertBadge } from '../../../test/badge-fixtures.ts';
import { answer, hint, learner, notificationsOf, pointsOf, solveAll, start } from '../../../test/challenge-api.ts';

let ctx: TestContext;
let badgeIds: { completed: string; withoutHints: string; firstBlood: string };
beforeAll(async () => {
  ctx = await createTestApp();
  const completed = await insertBadge(ctx.db, {
    kind: 'challenges_completed',
    threshold: 1,
    points: 5,
    name: 'Solver',
  });
  const withoutHints = await insertBadge(ctx.db, { kind: 'challenge_without_hints', threshold: 1, name: 'Unaided' });
  const firstBlood = await insertBadge(ctx.db, { kind: 'first_blood', threshold: 1, name: 'First blood' });
  badgeIds = { completed: completed.id, withoutHints: withoutHints.id, firstBlood: firstBlood.id };
});
afterAll(() => ctx.close());

const signedIn = () => learner(ctx.app, ctx.db);

async function badgesOf(userId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ badgeId: userBadges.badgeId })
    .from(userBadges)
    .where(eq(userBadges.userId, userId));
  return rows.map((row) => row.badgeId).sort();
}

describe('challenge badges through the real answer path', () => {
  it('earns completed, without-hints and first-blood badges on a first unaided solve', async () => {
    const challenge = await createChallenge(ctx.db, { steps: [{ points: 10 }, { points: 10 }] });
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0]);
    expect(await badgesOf(me.user.id)).toEqual([]);
    await answer(ctx.app, me, challenge.id, 2, challenge.steps[1]!.answers[0]);
    expect(await badgesOf(me.user.id)).toEqual([badgeIds.completed, badgeIds.withoutHints, badgeIds.firstBlood].sort());
    // 20 from the steps, 5 from the Solver badge.
    expect(await pointsOf(ctx.db, me.user.id)).toBe(25);
    const titles = (await notificationsOf(ctx.db, me.user.id)).map((n) => n.title);
    expect(titles).toContain('Challenge completed');
  });

  it('earns only the completion badge on a later solve with a hint', async () => {
    const challenge = await createChallenge(ctx.db, { steps: [{}] });
    await solveAll(ctx.app, await signedIn(), challenge);
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    await hint(ctx.app, me, challenge.id, 1);
    await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0]);
    expect(await badgesOf(me.user.id)).toEqual([badgeIds.completed]);
  });

  it('evaluates badges even when the hint cost took every point of the last step', async () => {
    const challenge = await createChallenge(ctx.db, { steps: [{ points: 4, hintCost: 10 }] });
    await solveAll(ctx.app, await signedIn(), challenge);
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    await hint(ctx.app, me, challenge.id, 1);
    const res = await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0]);
    expect(res.json()).toMatchObject({ points_awarded: 0, challenge_completed: true });
    expect(await badgesOf(me.user.id)).toEqual([badgeIds.completed]);
    expect(await pointsOf(ctx.db, me.user.id)).toBe(5);
  });
});
