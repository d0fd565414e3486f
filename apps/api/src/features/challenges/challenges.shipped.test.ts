import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { eq } from 'drizzle-orm';
import { shippedContentDir } from '@bastion/content';
import { challenges, pointsLedger } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { importContent } from '../content/import-content.ts';
import { answer, get, hint, learner, start } from '../../../test/challenge-api.ts';

interface AuthoredStep {
  title: string;
  answer: string | string[];
  points: number;
  hint: string;
  hint_cost: number;
  solution: string;
}

/** Every string value in a JSON body, keys left out. */
function stringValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringValues);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringValues);
  return [];
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await importContent(ctx.db, shippedContentDir);
});
afterAll(() => ctx.close());

describe('the shipped challenges', () => {
  it('lists every shipped challenge with its authored points', async () => {
    const me = await learner(ctx.app, ctx.db);
    const listed = (await get(ctx.app, me, '/api/challenges/')).json() as { title: string; points: number }[];
    const rows = await ctx.db.select({ slug: challenges.slug }).from(challenges);
    expect(listed).toHaveLength(rows.length);
    expect(listed.length).toBeGreaterThanOrEqual(8);
  });

  it('solves "Blind Spot" end to end with the answers authored in its challenge.yaml', async () => {
    const file = path.join(shippedContentDir, 'challenges', 'blind-spot', 'challenge.yaml');
    const authored = parse(await readFile(file, 'utf8')) as { title: string; steps: AuthoredStep[] };
    const [row] = await ctx.db.select().from(challenges).where(eq(challenges.slug, 'blind-spot'));
    const me = await learner(ctx.app, ctx.db);
    const answers = authored.steps.map((step) => (Array.isArray(step.answer) ? step.answer[0]! : step.answer));

    const content = await get(ctx.app, me, `/api/challenges/${row!.id}/view-content/`);
    expect(content.statusCode).toBe(200);
    const body = content.json();
    expect(body.title).toBe(authored.title);
    expect(body.steps.map((step: { title: string }) => step.title)).toEqual(authored.steps.map((s) => s.title));
    // Short answers ("id", "10") occur in any text, so they are looked for as whole values.
    const values = stringValues(body).map((value) => value.toLowerCase());
    for (const secret of answers) {
      expect(values).not.toContain(secret.toLowerCase());
      if (secret.length >= 6) expect(content.body).not.toContain(secret);
    }
    for (const step of authored.steps) expect(content.body).not.toContain(step.hint.trim());
    expect((await get(ctx.app, me, `/api/challenges/${row!.id}/writeup/`)).statusCode).toBe(403);
    // The attachment downloads from the path view-content gives, signed in like the challenge.
    expect(body.attachments).toHaveLength(1);
    expect((await get(ctx.app, null, body.attachments[0].url)).statusCode).toBe(401);
    const attachment = await get(ctx.app, me, body.attachments[0].url);
    expect(attachment.statusCode).toBe(200);
    expect(attachment.rawPayload.length).toBe(body.attachments[0].size);

    expect((await start(ctx.app, me, row!.id)).statusCode).toBe(201);
    const hinted = await hint(ctx.app, me, row!.id, 1);
    expect(hinted.json().hint).toBe(authored.steps[0]!.hint.trim());
    let expected = 0;
    for (const [index, step] of authored.steps.entries()) {
      const points = index === 0 ? Math.max(0, step.points - step.hint_cost) : step.points;
      expected += points;
      const res = await answer(ctx.app, me, row!.id, index + 1, answers[index]);
      expect(res.json(), step.title).toMatchObject({
        correct: true,
        points_awarded: points,
        challenge_completed: index === authored.steps.length - 1,
      });
    }
    const progress = (await get(ctx.app, me, `/api/challenges/${row!.id}/progress/`)).json();
    expect(progress).toMatchObject({ status: 'completed', points_earned: expected, hints_used: 1, rank: 1 });
    const ledger = await ctx.db
      .select({ points: pointsLedger.points, sourceType: pointsLedger.sourceType })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, me.user.id));
    const steps = ledger.filter((entry) => entry.sourceType === 'challenge_step');
    expect(steps).toHaveLength(authored.steps.length);
    expect(steps.reduce((sum, entry) => sum + entry.points, 0)).toBe(expected);
    // Solved, the write-up gives each step's authored answer, hint and solution.
    const writeup = (await get(ctx.app, me, `/api/challenges/${row!.id}/writeup/`)).json();
    expect(writeup.steps).toEqual(
      authored.steps.map((step, index) =>
        expect.objectContaining({
          answer: answers[index],
          reasoning: step.hint.trim(),
          solution: step.solution.trimEnd(),
        }),
      ),
    );
    const board = (await get(ctx.app, me, `/api/challenges/${row!.id}/leaderboard/`)).json();
    expect(board.results[0]).toMatchObject({
      rank: 1,
      username: me.user.username,
      points: expected,
      first_blood: true,
    });
  });
});
