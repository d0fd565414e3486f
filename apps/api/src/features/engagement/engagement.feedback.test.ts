import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@bastion/contract';
import { feedback } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { listFeedback } from './engagement.repository.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const URL = '/api/feedback/create/';

async function signedIn() {
  const user = await createUser(ctx.db);
  const { authorization } = await authHeader(ctx.app, user.id);
  return { user, headers: { authorization } };
}

const send = (headers: Record<string, string>, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: URL, headers, payload: payload as object });

const rowsOf = (userId: string) =>
  ctx.db
    .select({ content: feedback.content, rating: feedback.rating })
    .from(feedback)
    .where(eq(feedback.userId, userId));

describe('POST /api/feedback/create/', () => {
  it('stores the feedback and thanks the learner', async () => {
    const { user, headers } = await signedIn();
    const res = await send(headers, { content: '  Great labs!  ', rating: 5 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: MESSAGES.feedbackThanks });
    expect(await rowsOf(user.id)).toEqual([{ content: 'Great labs!', rating: 5 }]);
  });

  it('accepts one per learner per 60 seconds, answering 429 with Retry-After in between', async () => {
    const { user, headers } = await signedIn();
    const other = await signedIn();
    expect((await send(headers, { content: 'first', rating: 4 })).statusCode).toBe(201);

    const early = await send(headers, { content: 'second', rating: 3 });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ detail: MESSAGES.feedbackWait });
    expect(Number(early.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await send(other.headers, { content: 'someone else', rating: 2 })).statusCode).toBe(201);

    ctx.clock.advance(58_000);
    const stillEarly = await send(headers, { content: 'second', rating: 3 });
    expect(stillEarly.statusCode).toBe(429);
    expect(Number(stillEarly.headers['retry-after'])).toBeLessThanOrEqual(2);

    ctx.clock.advance(2_500);
    expect((await send(headers, { content: 'second', rating: 3 })).statusCode).toBe(201);
    expect((await rowsOf(user.id)).map((row) => row.content).sort()).toEqual(['first', 'second']);
  });

  it('lets exactly one of several parallel submissions through', async () => {
    const { user, headers } = await signedIn();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(headers, { content: `race ${i}`, rating: 3 })),
    );
    const codes = results.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 429)).toHaveLength(19);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('does not count a rejected submission', async () => {
    const { user, headers } = await signedIn();
    expect((await send(headers, { content: 'no rating', rating: 0 })).statusCode).toBe(400);
    expect((await send(headers, { content: 'ok now', rating: 1 })).statusCode).toBe(201);
    expect(await rowsOf(user.id)).toEqual([{ content: 'ok now', rating: 1 }]);
  });

  it('answers each invalid field under its name', async () => {
    const { user, headers } = await signedIn();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ content: '   ', rating: 3 }, { content: ['This field may not be blank.'] }],
      [{ rating: 3 }, { content: ['This field is required.'] }],
      [{ content: 'x'.repeat(5001), rating: 3 }, { content: expect.any(Array) }],
      [{ content: 'hi', rating: 0 }, { rating: ['Choose a rating from 1 to 5.'] }],
      [{ content: 'hi', rating: 6 }, { rating: ['Choose a rating from 1 to 5.'] }],
      [{ content: 'hi', rating: 3.5 }, { rating: expect.any(Array) }],
      [{ content: 'hi', rating: '5' }, { rating: expect.any(Array) }],
      [{ content: 'hi' }, { rating: ['This field is required.'] }],
      [{ content: 'hi', rating: 5, user_id: user.id }, { user_id: ['Unknown field.'] }],
    ];
    for (const [payload, body] of cases) {
      const res = await send(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(body);
    }
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const { headers } = await signedIn();
    for (const payload of ['{"content": "x", "rating":', '[1,2]', '']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: URL,
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
  });

  it('answers 401 without a token and with a bad one', async () => {
    const missing = await send({}, { content: 'anonymous', rating: 5 });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'not_authenticated' });
    const bad = await send({ authorization: 'Bearer nope' }, { content: 'anonymous', rating: 5 });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'token_not_valid' });
  });
});

describe('listFeedback', () => {
  it('lists the newest first with the username, up to the limit', async () => {
    const { user, headers } = await signedIn();
    ctx.clock.advance(120_000);
    await send(headers, { content: 'older', rating: 2 });
    ctx.clock.advance(120_000);
    await send(headers, { content: 'newest', rating: 4 });
    const rows = await listFeedback(ctx.db, { limit: 2 });
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => [row.username, row.content, row.rating])).toEqual([
      [user.username, 'newest', 4],
      [user.username, 'older', 2],
    ]);
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });
});
