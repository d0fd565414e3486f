import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedLearner, signInViaApi } from '../support/accounts.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { onPhones, openStaffConsole } from '../support/console.ts';
import { shippedQuizAnswers } from '../support/content-answers.ts';
import { expectAccessible } from '../support/axe.ts';
import { firstModuleQuiz, learningApi } from '../support/learning-api.ts';
import { screenTour } from '../support/screen-tour.ts';
import { url } from '../support/server.ts';
import type { Tokens } from '../support/accounts.ts';

/** The console's Scoreboard page, for staff signed in with a two-factor code, and what learners see of it. */
describe('the scoreboard in the operator console', () => {
  let browser: Browser;
  let staffTokens: Tokens;
  let staffPage: Page;
  const tour = screenTour('admin');

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ tokens: staffTokens, page: staffPage } = await openStaffConsole(browser, 'scorekeeper'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('hides and freezes the leaderboard, awards points and removes a solve, each told and audited', async () => {
    const ada = await createVerifiedLearner('scorer');
    const tokens = await signInViaApi(ada);
    const api = learningApi(tokens);
    const quiz = await firstModuleQuiz(tokens, 'linux-fundamentals');
    const authorization = `Bearer ${tokens.access}`;
    const profile = await fetch(url('/api/users/profile/'), { headers: { authorization } });
    const answerOf = await shippedQuizAnswers(((await profile.json()) as { id: string }).id);
    expect((await api.answerQuiz(quiz.id, answerOf(quiz))).correct).toBe(true);

    await staffPage.getByRole('link', { name: 'Scoreboard' }).click();
    await staffPage.getByRole('heading', { level: 1, name: 'Scoreboard' }).waitFor();
    const award = staffPage.getByRole('form', { name: 'Award or deduct points' });
    await award.getByLabel(/^Username/).fill(ada.username);
    await award.getByLabel(/^Points/).fill('25');
    await award.getByLabel(/^Reason/).fill('Reported a typo in a lesson');
    await award.getByRole('button', { name: 'Award points' }).click();
    await staffPage.getByText(`Awarded 25 points: ${ada.username} now has`, { exact: false }).waitFor();

    const leaderboard = await newPage(browser, { tokens });
    const setBoard = async (mode: RegExp, said: RegExp) => {
      await staffPage.getByRole('radio', { name: mode }).check();
      await staffPage.getByRole('button', { name: 'Apply' }).click();
      await staffPage.getByRole('status').filter({ hasText: said }).first().waitFor();
    };
    await setBoard(/^Hidden/, /^The leaderboard is hidden since/);
    await leaderboard.goto(url('/leaderboard'));
    await leaderboard.getByRole('heading', { name: 'The leaderboard is hidden' }).waitFor({ timeout: 15_000 });
    await expectAccessible(leaderboard, 'leaderboard, hidden');
    await onPhones(browser, tokens, '/leaderboard', 'learner-leaderboard-hidden', async (phone) => {
      await phone.getByRole('heading', { name: 'The leaderboard is hidden' }).waitFor({ timeout: 15_000 });
    });
    await setBoard(/^Frozen/, /^The leaderboard is frozen since/);
    await staffPage.waitForLoadState('networkidle');
    await tour.capture(staffPage, 'scoreboard');
    await leaderboard.reload();
    await leaderboard.getByText(/^The leaderboard is frozen: ranks are shown as they stood at/).waitFor();
    await setBoard(/^Live/, /^The leaderboard is live\.$/);
    await leaderboard.close();

    const findSolves = async (page: Page) => {
      const finder = page.getByRole('form', { name: "Find a learner's solves" });
      await finder.getByLabel('Username').fill(ada.username);
      await finder.getByRole('button', { name: 'Show solves' }).click();
      await page.getByRole('table', { name: `Solves of ${ada.username}` }).waitFor({ timeout: 15_000 });
    };
    const removeDialog = async (page: Page) => {
      await findSolves(page);
      await page.getByRole('button', { name: `Remove the solve of ${quiz.title}` }).click();
      const dialog = page.getByRole('dialog', { name: `Remove ${ada.username}’s solve?` });
      await dialog.getByLabel(/^Reason/).waitFor();
      return dialog;
    };
    await onPhones(browser, staffTokens, '/admin/scoreboard', 'scoreboard-remove-solve', async (phone) => {
      await removeDialog(phone);
    });
    const dialog = await removeDialog(staffPage);
    await dialog.getByLabel(/^Reason/).fill('The answer was shared in the forum');
    await dialog.getByRole('button', { name: 'Remove solve' }).click();
    await staffPage.getByText(`Removed ${ada.username}'s solve of ${quiz.title}`, { exact: false }).waitFor();
    await staffPage.getByText('This learner has not solved a challenge or quiz.').waitFor();

    const inbox = await fetch(url('/api/notifications/list/'), { headers: { authorization } });
    const titles = ((await inbox.json()) as { notifications: { title: string }[] }).notifications.map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['Solve removed', 'Points awarded']));

    await staffPage.getByRole('link', { name: 'Audit log' }).click();
    const audit = staffPage.getByRole('table', { name: 'Audit log entries' });
    for (const action of ['Solves removed', 'Leaderboard frozen, hidden or shown', 'Points awarded or deducted']) {
      await audit.getByText(action).first().waitFor();
    }
  });

  it('is accessible and fits a phone in both themes', { timeout: 120_000 }, async () => {
    await tour.revisit(browser, staffTokens);
  });
});
