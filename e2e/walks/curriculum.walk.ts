import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedContent, type Challenge, type Content, type Quiz } from '@bastion/content';
import { defaultLabIdentity } from '@bastion/labs';
import { createVerifiedLearner, signInViaApi, type Tokens } from '../support/accounts.ts';
import { collectEarnedBadges, waitPastBadges } from '../support/badge-dialog.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { runCli } from '../support/cli.ts';
import { signedInStaff } from '../support/console.ts';
import { run, screenText, startLab, waitForScreen } from '../support/lab-terminal.ts';
import { screenshot } from '../support/screenshot.ts';
import { learningApi } from '../support/learning-api.ts';
import { url } from '../support/server.ts';

interface Sample {
  course: string;
  module: string;
  quiz: Quiz;
}

/** Where a lab's shell starts: its user, host name and directory. */
type LabPlace = Pick<NonNullable<Quiz['terminal']>, 'user' | 'hostname' | 'cwd'>;

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Python starts slowly in the emulated lab, and a solution that sleeps (a spray paced by rounds) waits on purpose. */
const slow = (solution = '') => /\bpython3?\b|\bsleep\b/.test(solution);

// WALK_ONLY=networking/ (a pattern on "course/module" and on "challenges/category/slug") walks only what it matches.
const only = new RegExp(process.env.WALK_ONLY ?? '');

/**
 * One lab quiz of every module, the first whose solution is not slow (no Python, no sleep), else the first with a
 * solution; the walk fails for a module without one.
 */
function sampleOfEachModule(content: Content): { samples: Sample[]; without: string[] } {
  const samples: Sample[] = [];
  const without: string[] = [];
  for (const course of content.courses) {
    for (const module of course.modules) {
      if (!only.test(`${course.slug}/${module.slug}`)) continue;
      const solvable = module.items.filter((item): item is Quiz => item.type === 'quiz' && !!item.terminal?.solution);
      const quiz = solvable.find((item) => !slow(item.terminal!.solution)) ?? solvable[0];
      if (quiz) samples.push({ course: course.slug, module: module.slug, quiz });
      else without.push(`${course.slug}/${module.slug}`);
    }
  }
  return { samples, without };
}

/** One challenge of every category: the first (in content order) whose steps are not slow, else the first. */
function challengeOfEachCategory(content: Content): Challenge[] {
  const byCategory = new Map<string, Challenge[]>();
  for (const challenge of content.challenges) {
    if (!only.test(`challenges/${challenge.category}/${challenge.slug}`)) continue;
    byCategory.set(challenge.category, [...(byCategory.get(challenge.category) ?? []), challenge]);
  }
  return [...byCategory.values()].map(
    (challenges) => challenges.find((c) => !c.steps.some((step) => slow(step.solution))) ?? challenges[0]!,
  );
}

/**
 * Runs a solution in the learner's lab as `content validate` does (from the lab's directory, in a subshell) and
 * reads its last line off the screen. The command is typed encoded, so quotes and newlines reach the shell as
 * written, and the printed line is told apart from the typed one by its label, before and after it.
 */
async function solveInLab(page: Page, lab: LabPlace, solution: string, label: string): Promise<string> {
  const prompt = `${lab.user}@${lab.hostname}`;
  const script = Buffer.from(solution).toString('base64');
  // A badge earned by the last answer may still open over the page: it is collected before the learner types.
  await collectEarnedBadges(page);
  // The learner looks at the terminal (the answer field may have scrolled it away).
  await page.locator('.xterm').scrollIntoViewIfNeeded();
  await run(page, prompt, 'clear');
  await page.getByRole('textbox', { name: `Lab terminal, ${prompt}` }).focus();
  await page.keyboard.insertText(
    `printf '%s:%s:%s.\\n' ${label} "$( (cd '${lab.cwd}' && eval "$(printf %s ${script} | base64 -d)") 2>&1 | awk 'NF { last = $0 } END { print last }')" ${label}`,
  );
  await page.keyboard.press('Enter');
  // Ended by the label as well: the printed line can share its row with what the shell drew there before (in CI
  // once, the end of the typed command), which the line does not clear.
  const printed = new RegExp(`^${label}:(.*):${label}\\.`, 'm');
  await waitForScreen(page, printed, 120_000);
  return printed.exec(await screenText(page))![1]!.trim();
}

/**
 * Waits for the quiz to accept the answer; otherwise fails saying what was typed, with a screenshot of the page (a
 * walk that fails in CI is seen nowhere else).
 */
async function acceptedOrSaid(page: Page, what: string, answer: string): Promise<void> {
  try {
    await waitPastBadges(page, page.getByText('Correct answer!'));
  } catch (error) {
    const shot = await screenshot(page, `walk-failed-${what}`);
    throw new Error(`${what}: the answer ${JSON.stringify(answer)} was not accepted (${shot})`, { cause: error });
  }
}

/**
 * The curriculum walked as a learner: a Premium learner opens one lab quiz of every module and one challenge of
 * every category, starts its lab in Chromium, works each answer out there, and submits it. `content validate`
 * replays every solution in Node; this walk shows that the browser's lab gives the same answers a learner would type.
 */
describe('the curriculum, solved by a learner in the browser’s labs', () => {
  let browser: Browser;
  let tokens: Tokens;
  let page: Page;
  let content: Content;
  const errors: string[] = [];
  /** The first start downloads the shipped ready state (a cold boot where it cannot); every later one restores a kept one. */
  let booted = false;
  /** The labs started, by title, and the answers to the page's reports of their starts. */
  const started: string[] = [];
  const reports: number[] = [];
  async function startLabAt(lab: LabPlace, title: string) {
    await startLab(page, `${lab.user}@${lab.hostname}`, booted ? 60_000 : 240_000);
    booted = true;
    started.push(title);
  }

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
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      if (response.url().endsWith('/api/labs/starts/')) reports.push(response.status());
    });
    content = await shippedContent();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('solves one lab quiz per module, in its real lab', { timeout: 3_600_000 }, async () => {
    const { samples, without } = sampleOfEachModule(content);
    expect(without, 'modules without a lab quiz that has a solution').toEqual([]);
    const api = learningApi(tokens);
    const enrolled = new Set<string>();
    for (const [index, { course: courseSlug, module: moduleSlug, quiz }] of samples.entries()) {
      const started = performance.now();
      const course = await api.course(courseSlug);
      if (!enrolled.has(course.id)) await api.enrollCourse(course.id);
      enrolled.add(course.id);
      const module = (await api.modules(course.id)).find((m) => m.slug === moduleSlug)!;
      const item = (await api.items(module.id)).find((i) => i.title === quiz.title)!;
      await page.goto(url(`/courses/module/${module.id}/lessons?item=${item.id}`));
      // Points earned along the way bring badges: their dialog covers the page until collected.
      await waitPastBadges(page, page.getByRole('button', { name: 'Start lab' }), 30_000);
      await startLabAt(quiz.terminal!, quiz.title);
      const answer = await solveInLab(page, quiz.terminal!, quiz.terminal!.solution!, `walk${index}`);
      await page.getByLabel('Your answer').fill(answer);
      await page.getByRole('button', { name: 'Submit answer' }).click();
      await acceptedOrSaid(page, `${courseSlug}/${moduleSlug}: "${quiz.title}"`, answer);
      // A solve that earns a badge opens its dialog here; collected, it does not cover the next lab.
      await collectEarnedBadges(page);
      console.info(`${courseSlug}/${moduleSlug}: "${quiz.title}" solved in its lab (${seconds(started)})`);
    }
    expect(errors).toEqual([]);
  });

  it('solves every step of one challenge per category, in its lab', { timeout: 3_600_000 }, async () => {
    const listed = (await (
      await fetch(url('/api/challenges/'), { headers: { authorization: `Bearer ${tokens.access}` } })
    ).json()) as { id: string; title: string }[];
    for (const [index, challenge] of challengeOfEachCategory(content).entries()) {
      const started = performance.now();
      const { id } = listed.find((listedChallenge) => listedChallenge.title === challenge.title)!;
      await page.goto(url(`/challenges/${id}`));
      const begin = page.getByRole('button', { name: 'Start the challenge' });
      await waitPastBadges(page, begin, 30_000);
      await begin.click();
      await page.getByRole('region', { name: /^Step 1\b/ }).waitFor();
      await startLabAt(defaultLabIdentity, challenge.title);
      for (const [n, step] of challenge.steps.entries()) {
        const answer = await solveInLab(page, defaultLabIdentity, step.solution!, `challenge${index}step${n}`);
        const region = page.getByRole('region', { name: new RegExp(`^Step ${n + 1}\\b`) });
        await region.getByRole('textbox', { name: /answer/i }).fill(answer);
        await region.getByRole('button', { name: /submit/i }).click();
        // A solved step can earn a badge: its dialog may open before or after the step shows as solved.
        await waitPastBadges(page, region.getByText('Solved', { exact: true })).catch(async (error: unknown) => {
          const shown = await region.innerText({ timeout: 1_000 }).catch(() => '(not in view)');
          throw new Error(`${challenge.title}, step ${n + 1}: not solved with ${JSON.stringify(answer)}:\n${shown}`, {
            cause: error,
          });
        });
        await collectEarnedBadges(page);
      }
      console.info(
        `challenges/${challenge.category}: "${challenge.title}" solved step by step in its lab (${seconds(started)})`,
      );
    }
    expect(errors).toEqual([]);
  });

  it("shows the walk's lab starts on the console's Lab health page", async () => {
    // Each start reported itself from the page once its prompt ran.
    await expect.poll(() => reports.length).toBe(started.length);
    expect(reports.every((status) => status === 201)).toBe(true);
    const { tokens: staffTokens } = await signedInStaff('walkstaff');
    const staffPage = await newPage(browser, { tokens: staffTokens, theme: 'dark' });
    await staffPage.goto(url('/admin/labs?days=7'));
    const labs = staffPage.getByRole('table', { name: 'Every lab started' });
    for (const title of started) await labs.getByText(title).first().waitFor({ timeout: 15_000 });
    await staffPage.waitForLoadState('networkidle');
    await screenshot(staffPage, 'walk-lab-health');
    await staffPage.context().close();
  });
});
