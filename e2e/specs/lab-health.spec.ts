import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedLearner, signInViaApi, type Tokens } from '../support/accounts.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { runCli } from '../support/cli.ts';
import { enableTwoFactor, signInStaffInPage, storedTokens } from '../support/console.ts';
import { startLab } from '../support/lab-terminal.ts';
import { firstModuleQuiz } from '../support/learning-api.ts';
import { screenTour } from '../support/screen-tour.ts';
import { url } from '../support/server.ts';

const COURSE = 'linux-fundamentals';
const QUIZ = 'Grep the Config';
const PROMPT = 'student@';

describe('lab health', () => {
  let browser: Browser;
  let learnerTokens: Tokens;
  let quiz: { id: string; path: string };
  const tour = screenTour('admin');

  beforeAll(async () => {
    browser = await launchBrowser();
    learnerTokens = await signInViaApi(await createVerifiedLearner('labstart'));
    quiz = await firstModuleQuiz(learnerTokens, COURSE, QUIZ);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    "reports a learner's lab start from the page, and shows it to staff with two-factor sign-in",
    { timeout: 240_000 },
    async () => {
      const page = await newPage(browser, { tokens: learnerTokens });
      await page.goto(url(quiz.path));
      const reported = page.waitForResponse(
        (response) => response.url().endsWith('/api/labs/starts/') && response.request().method() === 'POST',
        { timeout: 150_000 },
      );
      await startLab(page, PROMPT, 120_000);
      const report = await reported;
      expect(report.status()).toBe(201);
      const sent = report.request().postDataJSON() as Record<string, unknown>;
      expect(sent).toMatchObject({ item_type: 'quiz', item_id: quiz.id, outcome: 'ok', browser: 'chromium' });
      expect(['warm', 'first', 'cold']).toContain(sent.kind);
      expect(sent.duration_ms).toBeGreaterThan(0);
      await page.context().close();

      const staff = await createVerifiedLearner('labstaff');
      await runCli('user', 'set-staff', staff.username);
      const nextCode = await enableTwoFactor(await signInViaApi(staff), staff.password);
      const staffPage = await newPage(browser, { theme: 'dark' });
      await signInStaffInPage(staffPage, staff, nextCode());
      await staffPage.goto(url('/admin'));
      await staffPage.getByRole('link', { name: 'Lab health' }).click();
      await staffPage.getByRole('heading', { level: 1, name: 'Lab health' }).waitFor({ timeout: 15_000 });
      await staffPage.getByRole('table', { name: 'Every lab started' }).getByText(QUIZ).waitFor();
      await staffPage.getByRole('table', { name: 'Slowest labs' }).getByText(QUIZ).waitFor();
      const tiles = staffPage.getByRole('list', { name: 'Lab starts' });
      expect(Number((await tiles.getByRole('listitem').first().innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
      // The charts' own module arrives after the page: axe and the screenshots see them drawn.
      await staffPage.waitForLoadState('networkidle');
      await tour.capture(staffPage, 'lab-health');
      await tour.revisit(browser, await storedTokens(staffPage));
      await staffPage.context().close();
    },
  );
});
