import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedLearner, signInViaApi, type Tokens } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { run, screenText, startLab, waitForScreen } from '../support/lab-terminal.ts';
import { launchBrowser, newPage, THEME_STORAGE_KEY } from '../support/browser.ts';
import { learningApi } from '../support/learning-api.ts';
import { expectNoSidewaysScroll } from '../support/screen-tour.ts';
import { screenshot } from '../support/screenshot.ts';
import { url } from '../support/server.ts';

const COURSE = 'linux-fundamentals';
const QUIZ = 'Grep the Config';
const CHALLENGE = 'Crumbs in the Source';

/**
 * The real machine: v86 boots the lab image in a worker. The specs share one browser profile, so the first start
 * boots cold (and saves the machine) and every later start restores the saved state, as for a returning learner.
 */
describe('real Linux labs in the browser', () => {
  let browser: Browser;
  let tokens: Tokens;
  let context: BrowserContext;
  let quizPath: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    tokens = await signInViaApi(await createVerifiedLearner('lab'));
    context = (await newPage(browser, { tokens, theme: 'dark' })).context();
    const api = learningApi(tokens);
    const course = await api.course(COURSE);
    await api.enrollCourse(course.id);
    const [firstModule] = await api.modules(course.id);
    const quiz = (await api.items(firstModule!.id)).find((item) => item.title === QUIZ)!;
    quizPath = `/courses/module/${firstModule!.id}/lessons?item=${quiz.id}`;
    expect(quizPath).toBeDefined();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'a learner reads a quiz file in the real lab, solves the quiz, and resets the lab',
    { timeout: 240_000 },
    async () => {
      const page = context.pages()[0]!;
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(url(quizPath));
      // The recording stays part of the question.
      await page.getByRole('log', { name: 'Terminal' }).waitFor();
      await startLab(page, 'student@', 180_000);

      await run(page, 'student@', 'ls -l');
      await waitForScreen(page, /-rw-r--r-- 1 student student\s+\d+ \w+ +\d+ +[\d:]+ app\.conf/);
      await run(page, 'student@', 'cat app.conf');
      await waitForScreen(page, 'db_port=');
      const port = /db_port=(\d+)/.exec(await screenText(page))?.[1];
      expect(port).toBeDefined();
      await expectAccessible(page, 'quiz with a running lab');
      await screenshot(page, 'labs-quiz-running-dark');

      await page.getByLabel('Your answer').fill(port!);
      await page.getByRole('button', { name: 'Submit answer' }).click();
      await page.getByText('Correct answer!').waitFor();

      // Reset: back to the lab's first moment, the learner's own changes gone and the quiz's files in place.
      await run(page, 'student@', 'touch mine.txt && ls');
      await waitForScreen(page, 'mine.txt');
      await page.getByRole('button', { name: 'Reset' }).click();
      await page.getByRole('button', { name: 'Reset' }).and(page.locator(':enabled')).waitFor({ timeout: 30_000 });
      await waitForScreen(page, 'student@');
      expect(await screenText(page)).not.toContain('mine.txt');
      await run(page, 'student@', 'ls');
      await waitForScreen(page, 'notes.txt');
      expect(await screenText(page)).not.toContain('mine.txt');
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('a challenge lab holds the challenge’s files in the learner’s home directory', { timeout: 120_000 }, async () => {
    const challenges = (await (
      await fetch(url('/api/challenges/'), { headers: { authorization: `Bearer ${tokens.access}` } })
    ).json()) as { id: string; title: string }[];
    const challenge = challenges.find((c) => c.title === CHALLENGE)!;
    const page = await context.newPage();
    await page.goto(url(`/challenges/${challenge.id}`));
    await startLab(page, 'learner@bastion-lab', 60_000);
    await run(page, 'learner@bastion-lab', 'ls ~');
    await waitForScreen(page, /index\.html/);
    await waitForScreen(page, /robots\.txt/);
    await run(page, 'learner@bastion-lab', 'cat robots.txt');
    await waitForScreen(page, 'Disallow: /db-exports-q1/');
    await page.close();
  });

  it(
    'a lab that becomes ready out of view is brought into view with the keyboard in it',
    { timeout: 120_000 },
    async () => {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1440, height: 600 });
      await page.goto(url(quizPath));
      await page.getByRole('button', { name: 'Start lab' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /Restoring|Putting your files/ })
        .first()
        .waitFor();
      // The learner scrolls back up to the question while the machine starts; the terminal is below the fold.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      const terminal = page.getByRole('textbox', { name: /^Lab terminal, student@/ });
      // xterm.js draws nothing while out of view: the prompt shows only once the lab is scrolled into view.
      await waitForScreen(page, 'student@', 60_000);
      await expect.poll(() => terminal.evaluate((element) => element === document.activeElement)).toBe(true);
      // The page scrolls smoothly (unless the learner asks for reduced motion): the terminal ends up wholly in view.
      await expect
        .poll(async () => {
          const frame = (await page.locator('.xterm').boundingBox())!;
          return frame.y >= 0 && frame.y + frame.height <= 600;
        })
        .toBe(true);
      await page.close();
    },
  );

  it('the running lab in the light theme and on a phone', { timeout: 120_000 }, async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(url(quizPath));
    await page.evaluate((key) => localStorage.setItem(key, 'light'), THEME_STORAGE_KEY);
    await page.reload();
    await startLab(page, 'student@', 60_000);
    await expectNoSidewaysScroll(page, 'quiz lab (light, 375px)');
    await expectAccessible(page, 'quiz lab (light, 375px)');
    await screenshot(page, 'labs-quiz-running-light-375');
    await page.close();
  });
});
