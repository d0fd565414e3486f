import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHALLENGE_MESSAGES } from '@bastion/contract';
import { users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createChallenge, type FixtureChallenge } from '../../../test/challenge-fixtures.ts';
import { answer, get, learner, NOT_A_UUID, solveAll, start, UNKNOWN_ID } from '../../../test/challenge-api.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const signedIn = (options: Parameters<typeof learner>[2] = {}) => learner(ctx.app, ctx.db, options);
const make = (spec: FixtureChallenge = {}) => createChallenge(ctx.db, spec);
type Who = Awaited<ReturnType<typeof signedIn>>;
const writeupOf = (who: Who | null, id: string) => get(ctx.app, who, `/api/challenges/${id}/writeup/`);

const STEPS = [
  {
    answers: ['10.0.0.7', '10.0.0.7 '],
    hint: 'Count the `Failed` lines per address.',
    solution: 'grep -c Failed auth.log',
  },
  { answers: ['root'], hint: 'Read the user in the accepted login.', solution: null },
  { answers: ['BASTION{done}'], hint: 'Decode the note.', solution: 'base64 -d note.txt' },
];

describe('GET /api/challenges/{id}/writeup/', () => {
  it('gives a learner who completed the challenge every step: answer, reasoning and commands', async () => {
    const challenge = await make({ title: 'Night Shift', steps: STEPS });
    const me = await signedIn();
    await solveAll(ctx.app, me, challenge);
    const res = await writeupOf(me, challenge.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: challenge.id,
      title: 'Night Shift',
      steps: STEPS.map((step, index) => ({
        order: index + 1,
        title: `Step ${index + 1}`,
        question: `What is the flag of step ${index + 1}?`,
        answer: step.answers[0],
        reasoning: step.hint,
        solution: step.solution,
      })),
    });
  });

  it('refuses a learner who has not completed it (not started, or steps left), giving nothing away', async () => {
    const challenge = await make({ steps: STEPS });
    const me = await signedIn();
    const before = await writeupOf(me, challenge.id);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ detail: CHALLENGE_MESSAGES.writeupLocked });
    await start(ctx.app, me, challenge.id);
    await answer(ctx.app, me, challenge.id, 1, '10.0.0.7');
    await answer(ctx.app, me, challenge.id, 2, 'root');
    const midway = await writeupOf(me, challenge.id);
    expect(midway.statusCode).toBe(403);
    for (const secret of ['BASTION{done}', 'base64 -d', 'Decode the note']) expect(midway.body).not.toContain(secret);
    // Another learner's completion opens nothing for this one.
    await solveAll(ctx.app, await signedIn(), challenge);
    expect((await writeupOf(me, challenge.id)).statusCode).toBe(403);
  });

  it('stays readable after premium lapses for a run completed while premium; 404 and 401 as usual', async () => {
    const premium = await make({ access: 'premium', steps: STEPS });
    const lapsed = await signedIn({ premium: true });
    await solveAll(ctx.app, lapsed, premium);
    await ctx.db.update(users).set({ isPremium: false }).where(eq(users.id, lapsed.user.id));
    expect((await writeupOf(lapsed, premium.id)).statusCode).toBe(200);
    const hidden = await make({ hidden: true });
    for (const id of [hidden.id, UNKNOWN_ID, ...NOT_A_UUID])
      expect((await writeupOf(lapsed, id)).statusCode, id).toBe(404);
    expect((await writeupOf(null, premium.id)).statusCode).toBe(401);
  });
});
