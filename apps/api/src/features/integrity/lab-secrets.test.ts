import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, sharedAnswers, users, type TerminalContent } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createFreeCourse, enrollModule } from '../../../test/learning-fixtures.ts';
import { call, learner, submitAnswer, type Learner } from '../../../test/learning-api.ts';
import { createChallenge } from '../../../test/challenge-fixtures.ts';
import { answer, start } from '../../../test/challenge-api.ts';
import { signedInStaff } from '../../../test/staff.ts';
import type { SealedLab } from '@bastion/contract';
import { openSealedLab } from '@bastion/labs/seal';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const FLAG_FORM = { length: 24, alphabet: 'alnum' as const, prefix: 'FLAG{', suffix: '}' };
const FLAG = /FLAG\{[A-Za-z0-9]{24}\}/;

/** A root-only flag the answer names, and an account whose password is the learner's own too. */
const TERMINAL: TerminalContent = {
  hostname: 'lab',
  user: 'student',
  cwd: '/home/student',
  entries: [],
  files: { '/root/flag.txt': { content: '{{secret.flag}}\n', owner: 'root', mode: '0600' } },
  accounts: [{ name: 'admin', password: '{{secret.admin_password}}' }],
  secrets: { flag: FLAG_FORM, admin_password: { length: 20, alphabet: 'alnum', prefix: '', suffix: '' } },
};

async function flagQuiz() {
  const course = await createFreeCourse(ctx.db, {
    modules: [
      {
        items: [
          {
            kind: 'quiz',
            title: 'Root Flag',
            answers: ['{{secret.flag}}'],
            terminal: TERMINAL,
            explanation: 'The flag was {{secret.flag}}.',
          },
        ],
      },
    ],
  });
  const module = course.modules[0]!;
  return { moduleId: module.id, quizId: module.quizzes[0]!.id };
}

async function enrolled(moduleId: string): Promise<Learner> {
  const who = await learner(ctx.app, ctx.db);
  await enrollModule(ctx.db, who.user.id, moduleId);
  return who;
}

/** A console page, as a staff member signed in with their second factor. */
async function consoleGet(url: string) {
  const staff = await signedInStaff(ctx);
  return ctx.app.inject({ method: 'GET', url, headers: { authorization: staff.authorization } });
}

const labOf = async (who: Learner, quizId: string) =>
  (await call(ctx.app, who, 'GET', `/api/courses/quiz/${quizId}/terminal_content/`)).json();
/** The lab's sealed part as the guest opens it: the root-only flag and the accounts' passwords are only there. */
const sealedOf = (lab: { sealed: SealedLab }) => openSealedLab(lab.sealed);
const flagOf = async (who: Learner, quizId: string) => FLAG.exec(sealedOf(await labOf(who, quizId)))![0];
const passwordOf = (lab: { sealed: SealedLab }) =>
  /printf '%s' '([A-Za-z0-9]{20})' \| busybox mkpasswd/.exec(sealedOf(lab))![1];

describe('per-learner lab secrets in a quiz', () => {
  it("gives each learner their own values, never another's, and no declaration", async () => {
    const { moduleId, quizId } = await flagQuiz();
    const ada = await enrolled(moduleId);
    const grace = await enrolled(moduleId);
    const adaLab = await labOf(ada, quizId);
    const graceLab = await labOf(grace, quizId);
    // The flag and the password are the lab's secrets: sealed, not in the clear even for their own learner.
    expect(adaLab.files).toEqual({});
    expect(adaLab.accounts).toEqual([]);
    const adaFlag = await flagOf(ada, quizId);
    expect(JSON.stringify(adaLab)).not.toContain(adaFlag);
    expect(passwordOf(adaLab)).toMatch(/^[A-Za-z0-9]{20}$/);
    // The same learner gets the same values again; another learner gets other ones, sealed with other bytes.
    expect(await flagOf(ada, quizId)).toBe(adaFlag);
    expect((await labOf(ada, quizId)).sealed).toEqual(adaLab.sealed);
    const graceFlag = await flagOf(grace, quizId);
    expect(graceFlag).not.toBe(adaFlag);
    expect(graceLab.sealed.salt).not.toBe(adaLab.sealed.salt);
    expect(sealedOf(adaLab)).not.toContain(graceFlag);
    expect(sealedOf(adaLab)).not.toContain(passwordOf(graceLab));
    expect(sealedOf(adaLab) + JSON.stringify(adaLab)).not.toContain('secret');
  });

  it("accepts the learner's own flag, refuses another's like a wrong one and records whose it was", async () => {
    const { moduleId, quizId } = await flagQuiz();
    const ada = await enrolled(moduleId);
    const grace = await enrolled(moduleId);
    const adaFlag = await flagOf(ada, quizId);
    await flagOf(grace, quizId);

    const shared = await submitAnswer(ctx.app, grace, quizId, adaFlag);
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ correct: false, points_awarded: 0 });
    expect(await ctx.db.select().from(sharedAnswers).where(eq(sharedAnswers.userId, grace.user.id))).toEqual([
      expect.objectContaining({ ownerId: ada.user.id, itemId: quizId, itemType: 'quiz', secretName: 'flag' }),
    ]);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, grace.user.id));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'answer.shared', via: 'learner', targetId: quizId, targetLabel: 'Root Flag' }),
    ]);

    const own = await submitAnswer(ctx.app, ada, quizId, adaFlag.toLowerCase());
    expect(own.json()).toMatchObject({ correct: true, explanation: `The flag was ${adaFlag}.` });
    const items = (await call(ctx.app, ada, 'GET', `/api/courses/module/${moduleId}/lessons/`)).json().items;
    expect(items[0]).toMatchObject({ answer_if_solved: adaFlag, explanation: `The flag was ${adaFlag}.` });
    // A wrong answer that is nobody's flag is only wrong.
    await submitAnswer(ctx.app, grace, quizId, 'FLAG{nobodysflagnobodysflag12}');
    expect(await ctx.db.select().from(sharedAnswers).where(eq(sharedAnswers.userId, grace.user.id))).toHaveLength(1);
  });

  it('lists shared answers for the console, newest first', async () => {
    const { moduleId, quizId } = await flagQuiz();
    const ada = await enrolled(moduleId);
    const grace = await enrolled(moduleId);
    await submitAnswer(ctx.app, grace, quizId, await flagOf(ada, quizId));
    const page = await consoleGet('/api/admin/shared-answers/');
    expect(page.statusCode).toBe(200);
    expect(page.json().results[0]).toMatchObject({
      item: { type: 'quiz', id: quizId, title: 'Root Flag' },
      secret: 'flag',
      learner: { id: grace.user.id, username: grace.user.username },
      owner: { id: ada.user.id, username: ada.user.username },
    });
    const asLearner = await call(ctx.app, grace, 'GET', '/api/admin/shared-answers/');
    expect(asLearner.statusCode).toBe(403);
  });
});

describe('per-learner lab secrets in a challenge', () => {
  it("renders the lab, the step's answer and the write-up with the learner's own values", async () => {
    const challenge = await createChallenge(ctx.db, {
      lab: {
        files: { '/root/flag.txt': { content: '{{secret.flag}}', owner: 'root', mode: '0600' } },
        secrets: { flag: FLAG_FORM },
      },
      steps: [{ answers: ['{{secret.flag}}'] }, {}, {}],
    });
    const ada = await learner(ctx.app, ctx.db);
    const grace = await learner(ctx.app, ctx.db);
    const labFlag = async (who: Learner) => {
      const { lab } = (await call(ctx.app, who, 'GET', `/api/challenges/${challenge.id}/view-content/`)).json();
      expect(lab.files['/root/flag.txt']).toBeUndefined();
      return FLAG.exec(sealedOf(lab))![0];
    };
    const adaFlag = await labFlag(ada);
    const graceFlag = await labFlag(grace);
    expect(adaFlag).toMatch(FLAG);
    expect(graceFlag).not.toBe(adaFlag);
    await start(ctx.app, ada, challenge.id);
    await start(ctx.app, grace, challenge.id);
    expect((await answer(ctx.app, grace, challenge.id, 1, adaFlag)).json().correct).toBe(false);
    expect(await ctx.db.select().from(sharedAnswers).where(eq(sharedAnswers.itemId, challenge.id))).toEqual([
      expect.objectContaining({ userId: grace.user.id, ownerId: ada.user.id, itemType: 'challenge' }),
    ]);
    expect((await answer(ctx.app, ada, challenge.id, 1, adaFlag)).json().correct).toBe(true);
    for (const [n, step] of challenge.steps.slice(1).entries()) {
      expect((await answer(ctx.app, ada, challenge.id, n + 2, step.answers[0])).json().correct).toBe(true);
    }
    const writeup = (await call(ctx.app, ada, 'GET', `/api/challenges/${challenge.id}/writeup/`)).json();
    expect(writeup.steps[0].answer).toBe(adaFlag);
  });
});

describe('quick solves', () => {
  it('records a lab item solved with its lab never opened, or within seconds of opening it, and lists the learner', async () => {
    const { moduleId, quizId } = await flagQuiz();
    const worker = await enrolled(moduleId);
    const copier = await enrolled(moduleId);
    const opener = await enrolled(moduleId);
    const staff = await enrolled(moduleId);
    await ctx.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
    const workerFlag = await flagOf(worker, quizId);
    ctx.clock.advance(5 * 60_000);
    expect((await submitAnswer(ctx.app, worker, quizId, workerFlag)).json().correct).toBe(true);

    // Taken out of the lab at once (a payload opened as the guest opens it), and answered 3 s after opening the lab: both quick.
    const copierFlag = await flagOf(copier, quizId);
    expect((await submitAnswer(ctx.app, copier, quizId, copierFlag)).json().correct).toBe(true);
    const openerFlag = await flagOf(opener, quizId);
    ctx.clock.advance(3_000);
    await submitAnswer(ctx.app, opener, quizId, openerFlag);
    // Staff trying the quiz out solve it as quickly: they are not learners to look into.
    expect((await submitAnswer(ctx.app, staff, quizId, await flagOf(staff, quizId))).json().correct).toBe(true);

    const page = await consoleGet('/api/admin/quick-solves/');
    expect(page.statusCode).toBe(200);
    const learners = page.json().results.map((row: { learner: { id: string } }) => row.learner.id);
    expect(learners).toEqual(expect.arrayContaining([copier.user.id, opener.user.id]));
    expect(learners).not.toContain(worker.user.id);
    expect(learners).not.toContain(staff.user.id);
    expect(page.json().count).toBe(learners.length);
    expect(
      page.json().results.find((row: { learner: { id: string } }) => row.learner.id === copier.user.id),
    ).toMatchObject({
      solves: 1,
      without_lab: 0,
      items: ['Root Flag'],
    });
  });

  it('records a solve of a lab item whose lab was never opened', async () => {
    const course = await createFreeCourse(ctx.db, {
      modules: [
        { items: [{ kind: 'quiz', title: 'Plain Lab', answers: ['42'], terminal: { ...TERMINAL, secrets: {} } }] },
      ],
    });
    const module = course.modules[0]!;
    const who = await enrolled(module.id);
    expect((await submitAnswer(ctx.app, who, module.quizzes[0]!.id, '42')).json().correct).toBe(true);
    const page = await consoleGet('/api/admin/quick-solves/');
    expect(
      page.json().results.find((row: { learner: { id: string } }) => row.learner.id === who.user.id),
    ).toMatchObject({
      solves: 1,
      without_lab: 1,
      items: ['Plain Lab'],
    });
  });
});
