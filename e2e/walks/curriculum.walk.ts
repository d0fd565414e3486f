import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quiz } from '../../apps/api/src/modules/content/content.model.ts';
import { loadContent } from '../../apps/api/src/modules/content/index.ts';
// @ts-expect-error plain ESM script shared with `npm start`, without type declarations
import { root } from '../../scripts/web-build.mjs';
import { createVerifiedLearner, signInViaApi, type Tokens } from '../support/accounts.ts';
import { collectBadgesIfShown } from '../support/badge-dialog.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { runCli } from '../support/cli.ts';
import { run, screenText, startLab, waitForScreen } from '../support/lab-terminal.ts';
import { learningApi } from '../support/learning-api.ts';
import { url } from '../support/server.ts';

interface Sample {
  course: string;
  module: string;
  quiz: Quiz;
}

/**
 * One lab quiz of every module, the first whose solution needs no Python (Python starts slowly in the emulated
 * lab), else the first with a solution; the walk fails for a module without one.
 */
async function sampleOfEachModule(): Promise<{ samples: Sample[]; without: string[] }> {
  const { content, problems } = await loadContent(path.join(root as string, 'content'));
  if (problems.length > 0) throw new Error(`The shipped content has problems: ${problems[0]!.message}`);
  const samples: Sample[] = [];
  const without: string[] = [];
  // WALK_MODULES=networking/ (a pattern on "course/module") walks only the modules it matches.
  const only = new RegExp(process.env.WALK_MODULES ?? '');
  for (const course of content.courses) {
    for (const module of course.modules) {
      if (!only.test(`${course.slug}/${module.slug}`)) continue;
      const solvable = module.items.filter((item): item is Quiz => item.type === 'quiz' && !!item.terminal?.solution);
      const quiz = solvable.find((item) => !/\bpython3?\b/.test(item.terminal!.solution!)) ?? solvable[0];
      if (quiz) samples.push({ course: course.slug, module: module.slug, quiz });
      else without.push(`${course.slug}/${module.slug}`);
    }
  }
  return { samples, without };
}

/**
 * Runs the quiz's solution in the learner's lab as `content validate` does (from the quiz's directory, in a
 * subshell) and reads its last line off the screen. The command is typed encoded, so quotes and newlines
 * reach the shell as written, and the printed line is told apart from the typed one by its label.
 */
async function solveInLab(page: Page, quiz: Quiz, index: number): Promise<string> {
  const terminal = quiz.terminal!;
  const prompt = `${terminal.user}@${terminal.hostname}`;
  const script = Buffer.from(terminal.solution!).toString('base64');
  const label = `walk${index}`;
  await run(page, prompt, 'clear');
  await page.getByRole('textbox', { name: `Lab terminal, ${prompt}` }).focus();
  await page.keyboard.insertText(
    `printf '%s:%s\\n' ${label} "$( (cd '${terminal.cwd}' && eval "$(printf %s ${script} | base64 -d)") 2>&1 | awk 'NF { last = $0 } END { print last }')"`,
  );
  await page.keyboard.press('Enter');
  const printed = new RegExp(`^${label}:(.*)$`, 'm');
  await waitForScreen(page, printed, 120_000);
  return printed.exec(await screenText(page))![1]!.trim();
}

/**
 * The curriculum walked as a learner: a Premium learner opens one lab quiz of every module, starts its lab in
 * Chromium, works the answer out there, and solves the quiz. `content validate` replays every solution in Node;
 * this walk shows that the browser's lab gives the same answers a learner would type.
 */
describe('every module has a lab quiz a learner solves in the browser', () => {
  let browser: Browser;
  let tokens: Tokens;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    const code = `WALK${Date.now().toString(36).toUpperCase()}`;
    await runCli('coupon', 'create', '--code', code, '--premium-days', '30');
    tokens = await signInViaApi(await createVerifiedLearner('walker'));
    const redeemed = await fetch(url(`/api/coupons/redeem/${code}/`), {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    expect(redeemed.status).toBe(200);
    page = await newPage(browser, { tokens, theme: 'dark' });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('solves one lab quiz per module, in its real lab', { timeout: 3_600_000 }, async () => {
    const { samples, without } = await sampleOfEachModule();
    expect(without, 'modules without a lab quiz that has a solution').toEqual([]);
    const api = learningApi(tokens);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const enrolled = new Set<string>();
    for (const [index, { course: courseSlug, module: moduleSlug, quiz }] of samples.entries()) {
      const course = await api.course(courseSlug);
      if (!enrolled.has(course.id)) await api.enrollCourse(course.id);
      enrolled.add(course.id);
      const module = (await api.modules(course.id)).find((m) => m.slug === moduleSlug)!;
      const item = (await api.items(module.id)).find((i) => i.title === quiz.title)!;
      await page.goto(url(`/courses/module/${module.id}/lessons?item=${item.id}`));
      // Points earned along the way bring badges: their dialog covers the page until collected.
      const start = page.getByRole('button', { name: 'Start lab' });
      await Promise.race([start.waitFor(), page.getByRole('dialog', { name: /new badge/i }).waitFor()]);
      await collectBadgesIfShown(page, 1_000);
      const terminal = quiz.terminal!;
      // The first start boots the image cold; every later one restores the saved machine.
      await startLab(page, `${terminal.user}@${terminal.hostname}`, index === 0 ? 240_000 : 60_000);
      const answer = await solveInLab(page, quiz, index);
      await page.getByLabel('Your answer').fill(answer);
      await page.getByRole('button', { name: 'Submit answer' }).click();
      await page.getByText('Correct answer!').waitFor({ timeout: 15_000 });
      // A solve that earns a badge opens its dialog here; collected, it does not cover the next lab.
      await collectBadgesIfShown(page, 3_000);
      console.info(`${courseSlug}/${moduleSlug}: "${quiz.title}" solved in its lab`);
    }
    expect(errors).toEqual([]);
  });
});
