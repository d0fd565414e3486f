import { openSealedLab } from '@bastion/labs/seal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_MESSAGES } from '@bastion/contract';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createChallenge, type FixtureChallenge } from '../../../test/challenge-fixtures.ts';
import {
  answer,
  expectNoSecrets,
  get,
  hint,
  learner,
  NOT_A_UUID,
  solveAll,
  start,
  UNKNOWN_ID,
} from '../../../test/challenge-api.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const signedIn = (options: Parameters<typeof learner>[2] = {}) => learner(ctx.app, ctx.db, options);
const make = (spec: FixtureChallenge = {}) => createChallenge(ctx.db, spec);
const list = (who: Awaited<ReturnType<typeof signedIn>> | null, query = '') =>
  get(ctx.app, who, `/api/challenges/${query}`);

describe('GET /api/challenges/', () => {
  it('lists visible challenges with totals and the learner state; hidden ones are left out', async () => {
    const web = await make({ category: 'web', difficulty: 'easy', steps: [{ points: 10 }, { points: 15 }] });
    const hidden = await make({ hidden: true });
    const premium = await make({ access: 'premium', category: 'crypto', difficulty: 'hard' });
    const me = await signedIn();
    const res = await list(me);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { id: string }[];
    expect(Array.isArray(body)).toBe(true);
    expect(body.some((item) => item.id === hidden.id)).toBe(false);
    expect(body.find((item) => item.id === web.id)).toEqual({
      id: web.id,
      title: web.title,
      summary: 'A challenge made by the tests.',
      category: 'web',
      difficulty: 'easy',
      points: 25,
      is_premium: false,
      steps_count: 2,
      solves: 0,
      first_blood: null,
      status: 'not_started',
      completion_id: null,
      locked: false,
    });
    expect(body.find((item) => item.id === premium.id)).toMatchObject({ is_premium: true, locked: true });
    expectNoSecrets(res, web);
  });

  it('shows premium challenges unlocked to a premium learner, and locked again once premium lapsed', async () => {
    const premium = await make({ access: 'premium' });
    const paid = await signedIn({ premium: true });
    expect((await list(paid)).json().find((item: { id: string }) => item.id === premium.id).locked).toBe(false);
    const lapsed = await signedIn({ premium: true, premiumUntil: new Date(Date.now() - 60_000) });
    expect((await list(lapsed)).json().find((item: { id: string }) => item.id === premium.id).locked).toBe(true);
  });

  it('reports status, solves, first blood and completion id', async () => {
    const challenge = await make({ steps: [{}, {}] });
    const first = await signedIn();
    const second = await signedIn();
    const watcher = await signedIn();
    await solveAll(ctx.app, first, challenge);
    await solveAll(ctx.app, second, challenge);
    await start(ctx.app, watcher, challenge.id);
    const mine = (await list(first)).json().find((item: { id: string }) => item.id === challenge.id);
    expect(mine).toMatchObject({ status: 'completed', solves: 2, first_blood: first.user.username });
    expect(mine.completion_id).toMatch(/^[0-9a-f-]{36}$/);
    const theirs = (await list(watcher)).json().find((item: { id: string }) => item.id === challenge.id);
    expect(theirs).toMatchObject({ status: 'in_progress', completion_id: null, solves: 2 });
  });

  it('filters by category, difficulty, status and access', async () => {
    const me = await signedIn({ premium: true });
    const osint = await make({ category: 'osint', difficulty: 'medium' });
    const reverse = await make({ category: 'reverse', difficulty: 'hard', access: 'premium' });
    const started = await make({ category: 'osint', difficulty: 'hard' });
    await start(ctx.app, me, started.id);
    const ids = async (query: string) => {
      const res = await list(me, query);
      expect(res.statusCode).toBe(200);
      return (res.json() as { id: string }[]).map((item) => item.id);
    };
    expect(await ids('?category=osint')).toEqual(expect.arrayContaining([osint.id, started.id]));
    expect(await ids('?category=osint')).not.toContain(reverse.id);
    expect(await ids('?category=osint&difficulty=medium')).toContain(osint.id);
    expect(await ids('?category=osint&difficulty=medium')).not.toContain(started.id);
    expect(await ids('?status=in_progress')).toEqual([started.id]);
    expect(await ids('?status=not_started')).not.toContain(started.id);
    expect(await ids('?status=completed')).toEqual([]);
    expect(await ids('?access=premium')).toContain(reverse.id);
    expect(await ids('?access=premium')).not.toContain(osint.id);
    expect(await ids('?access=free')).not.toContain(reverse.id);
    expect(await ids('?access=all&category=&difficulty=&status=')).toEqual(
      expect.arrayContaining([osint.id, reverse.id, started.id]),
    );
  });

  it('filters by a category an imported pack brought, as by a known one', async () => {
    const misc = await make({ category: 'misc' });
    const programming = await make({ category: 'programming' });
    const me = await signedIn();
    const found = (await list(me, '?category=misc')).json() as { id: string; category: string }[];
    expect(found.map((item) => [item.id, item.category])).toEqual([[misc.id, 'misc']]);
    expect((await list(me, '?category=no-such-category')).json()).toEqual([]);
    expect((await list(me)).json().find((item: { id: string }) => item.id === programming.id).category).toBe(
      'programming',
    );
  });

  it('answers 400 for an unknown filter value and 401 without a token', async () => {
    const me = await signedIn();
    const res = await list(me, '?category=Not%20a%20key&status=done');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['category', 'status']);
    expect((await list(me, '?access=enrolled')).statusCode).toBe(400);
    const anonymous = await list(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('not_authenticated');
  });
});

describe('GET /api/challenges/categories/', () => {
  it("lists the visible challenges' categories once each, the known ones first in their order, then the others", async () => {
    await make({ category: 'stego-tools', hidden: true });
    for (const category of ['web', 'zeta-own', 'crypto', 'misc', 'web']) await make({ category });
    const me = await signedIn();
    const res = await get(ctx.app, me, '/api/challenges/categories/');
    expect(res.statusCode).toBe(200);
    const categories = res.json() as string[];
    expect(categories.filter((c) => ['web', 'crypto', 'misc', 'zeta-own'].includes(c))).toEqual([
      'web',
      'crypto',
      'misc',
      'zeta-own',
    ]);
    expect(categories).not.toContain('stego-tools');
    expect(new Set(categories).size).toBe(categories.length);
    expect((await get(ctx.app, null, '/api/challenges/categories/')).statusCode).toBe(401);
  });
});

describe('GET /api/challenges/{id}/', () => {
  it('answers the summary plus the description', async () => {
    const challenge = await make({ description: '## Story\n\nSomeone broke in.' });
    const me = await signedIn();
    const res = await get(ctx.app, me, `/api/challenges/${challenge.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: challenge.id,
      description: '## Story\n\nSomeone broke in.',
      points: 30,
      steps_count: 3,
      status: 'not_started',
      locked: false,
    });
    expectNoSecrets(res, challenge);
  });

  it('shows a premium challenge to a free learner as locked', async () => {
    const challenge = await make({ access: 'premium' });
    const res = await get(ctx.app, await signedIn(), `/api/challenges/${challenge.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_premium: true, locked: true });
  });

  it('answers 404 for hidden, unknown and malformed ids, and 401 without a token', async () => {
    const hidden = await make({ hidden: true });
    const me = await signedIn();
    for (const id of [hidden.id, UNKNOWN_ID, ...NOT_A_UUID]) {
      const res = await get(ctx.app, me, `/api/challenges/${id}/`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await get(ctx.app, null, `/api/challenges/${hidden.id}/`)).statusCode).toBe(401);
  });
});

describe('GET /api/challenges/{id}/view-content/', () => {
  const attachments = [{ name: 'access.log', url: '/media/attachments/abc/access.log', size: 1234 }];

  it("answers the challenge's lab: the learner's files with their attributes; root's flag, the services, the network and its hosts sealed", async () => {
    const shop = { name: 'shop', user: 'www-data', command: 'python3 app.py', host: 'shop', ports: [80] };
    const challenge = await make({
      lab: {
        files: { '/root/flag.txt': { content: 'flag{x}\n', owner: 'root', mode: '0600' }, '/srv/notes': 'hi\n' },
        network: { address: '10.10.0.5/24' },
        hosts: [{ name: 'shop', address: '10.10.0.20' }],
        services: [shop],
        tools: ['curl'],
      },
    });
    const res = await get(ctx.app, await signedIn(), `/api/challenges/${challenge.id}/view-content/`);
    expect(res.statusCode).toBe(200);
    const plain = { mtime: null, directory: false, encoding: 'utf-8', copy_of: null };
    expect(res.json().lab).toEqual({
      files: { '/srv/notes': 'hi\n' },
      file_attributes: {
        '/srv/notes': { owner: 'learner', group: 'learner', mode: '0644', ...plain },
      },
      network: null,
      hosts: [],
      services: [],
      accounts: [],
      processes_visible: false,
      packet_capture: false,
      sealed: { salt: expect.stringMatching(/^[0-9a-f]{32}$/), data: expect.any(String), networked: true },
      // Named when the content was imported: the page fetches their files once the prompt shows.
      tools: ['curl'],
    });
    const sealed = openSealedLab(res.json().lab.sealed);
    expect(sealed).toContain("'flag{x}\n'");
    expect(sealed).toMatch(/lab_sealed_services\(\) \{[^]*python3 app\.py/);
    expect(sealed).toMatch(/lab_sealed_network\(\) \{[^]*addr add 10\.10\.0\.20\/24 dev eth0/);
  });

  it('answers the story, attachments and steps without answers or untaken hints', async () => {
    const challenge = await make({
      description: 'The **story**.',
      attachments,
      steps: [
        { answerFormat: '****', points: 20, hintCost: 5 },
        { answerFormat: '**********', points: 30 },
      ],
    });
    const me = await signedIn();
    const res = await get(ctx.app, me, `/api/challenges/${challenge.id}/view-content/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: challenge.id,
      title: challenge.title,
      story: 'The **story**.',
      attachments,
      lab: null,
      steps: [
        {
          order: 1,
          title: 'Step 1',
          question: 'What is the flag of step 1?',
          answer_format: '****',
          points: 20,
          solved: false,
          locked: false,
          hint_used: false,
          hint: null,
          hint_cost: 5,
        },
        {
          order: 2,
          title: 'Step 2',
          // Locked: neither its question nor its mask (whose length could give away step 1's answer).
          question: null,
          answer_format: null,
          points: 30,
          solved: false,
          locked: true,
          hint_used: false,
          hint: null,
          hint_cost: 3,
        },
      ],
    });
    expectNoSecrets(res, challenge);
  });

  it('shows a taken hint, unlocks the next step once one is solved, and every hint once completed', async () => {
    const challenge = await make();
    const me = await signedIn();
    await start(ctx.app, me, challenge.id);
    expect((await hint(ctx.app, me, challenge.id, 1)).statusCode).toBe(200);
    await answer(ctx.app, me, challenge.id, 1, challenge.steps[0]!.answers[0]);
    const during = await get(ctx.app, me, `/api/challenges/${challenge.id}/view-content/`);
    expect(during.json().steps.map((step: { solved: boolean; locked: boolean; hint: string | null }) => step)).toEqual([
      expect.objectContaining({ solved: true, locked: false, hint_used: true, hint: challenge.steps[0]!.hint }),
      expect.objectContaining({
        solved: false,
        locked: false,
        hint_used: false,
        hint: null,
        question: 'What is the flag of step 2?',
      }),
      expect.objectContaining({ solved: false, locked: true, hint: null, question: null, answer_format: null }),
    ]);
    expectNoSecrets(during, challenge, [1]);

    await answer(ctx.app, me, challenge.id, 2, challenge.steps[1]!.answers[0]);
    await answer(ctx.app, me, challenge.id, 3, challenge.steps[2]!.answers[0]);
    const after = await get(ctx.app, me, `/api/challenges/${challenge.id}/view-content/`);
    expect(after.json().steps.map((step: { hint: string }) => step.hint)).toEqual(challenge.steps.map((s) => s.hint));
    // Solved answers still never appear.
    expectNoSecrets(after, challenge, [1, 2, 3]);
  });

  it('answers 403 for a premium challenge to a free learner and 200 to a premium one', async () => {
    const challenge = await make({ access: 'premium' });
    const res = await get(ctx.app, await signedIn(), `/api/challenges/${challenge.id}/view-content/`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: CHALLENGE_MESSAGES.premiumRequired });
    const paid = await get(ctx.app, await signedIn({ premium: true }), `/api/challenges/${challenge.id}/view-content/`);
    expect(paid.statusCode).toBe(200);
  });

  it('answers 404 for hidden, unknown and malformed ids, and 401 without a token', async () => {
    const hidden = await make({ hidden: true });
    const me = await signedIn();
    for (const id of [hidden.id, UNKNOWN_ID, ...NOT_A_UUID]) {
      expect((await get(ctx.app, me, `/api/challenges/${id}/view-content/`)).statusCode, id).toBe(404);
    }
    expect((await get(ctx.app, null, `/api/challenges/${hidden.id}/view-content/`)).statusCode).toBe(401);
  });
});
