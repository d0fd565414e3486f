import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedLearner, signInViaApi, type Tokens } from '../support/accounts.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { openStaffConsole } from '../support/console.ts';
import { firstModuleQuiz, learningApi } from '../support/learning-api.ts';
import { screenTour } from '../support/screen-tour.ts';
import { url } from '../support/server.ts';

interface ChallengeSummary {
  id: string;
  points: number;
}

/** The console's Items page: hide and show an item, change a step's points, and what learners get meanwhile. */
describe('items in the operator console', () => {
  let browser: Browser;
  let staffTokens: Tokens;
  let staffPage: Page;
  const tour = screenTour('admin');

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ tokens: staffTokens, page: staffPage } = await openStaffConsole(browser, 'itemkeeper'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("hides a module's quiz from a learner and shows it again, and changes a challenge step's points", async () => {
    const tokens = await signInViaApi(await createVerifiedLearner('itemreader'));
    const api = learningApi(tokens);
    const quiz = await firstModuleQuiz(tokens, 'linux-fundamentals');
    const { moduleId } = quiz;
    const listed = async () => (await api.items(moduleId)).some((item) => item.id === quiz.id);
    expect(await listed()).toBe(true);

    await staffPage.getByRole('link', { name: 'Items' }).click();
    await staffPage.getByRole('heading', { level: 1, name: 'Items' }).waitFor();
    const courses = staffPage.getByRole('table', { name: 'Courses, modules, lessons and quizzes' });
    await staffPage.getByLabel(/^Reason/).fill('Its answer was posted online');
    await courses
      .getByRole('button', { name: `Hide ${quiz.title}` })
      .first()
      .click();
    await staffPage.getByText(`${quiz.title}: hidden.`).waitFor();
    expect(await listed()).toBe(false);

    const learner = await newPage(browser, { tokens });
    await learner.goto(url(`/courses/module/${moduleId}/lessons`));
    await learner.getByRole('heading', { level: 1 }).waitFor();
    await learner.waitForLoadState('networkidle');
    expect(await learner.getByRole('link', { name: quiz.title, exact: true }).count()).toBe(0);
    await learner.close();

    await staffPage.waitForLoadState('networkidle');
    await tour.capture(staffPage, 'items');
    await courses
      .getByRole('button', { name: `Show ${quiz.title}` })
      .first()
      .click();
    await staffPage.getByText(`${quiz.title}: shown.`).waitFor();
    expect(await listed()).toBe(true);
    await courses
      .getByRole('button', { name: `Clear the override of ${quiz.title}` })
      .first()
      .click();
    await staffPage.getByText(`${quiz.title}: back to its content values.`).waitFor();

    const authorization = `Bearer ${tokens.access}`;
    const challengeList = async () =>
      (await (await fetch(url('/api/challenges/'), { headers: { authorization } })).json()) as ChallengeSummary[];
    const [first] = await challengeList();
    const challenges = staffPage.getByRole('table', { name: 'Challenges and their steps' });
    const field = challenges.getByRole('textbox', { name: /^Points of / }).first();
    const before = Number(await field.inputValue());
    await field.fill(String(before + 5));
    await challenges.getByRole('button', { name: 'Save' }).first().click();
    await staffPage.getByText(`: ${before + 5} points.`, { exact: false }).waitFor();
    const after = (await challengeList()).find((challenge) => challenge.id === first!.id);
    expect(after!.points).toBe(first!.points + 5);
    await challenges
      .getByRole('button', { name: /^Clear the override of / })
      .first()
      .click();
    await staffPage.getByText('back to its content values.', { exact: false }).waitFor();

    await staffPage.getByRole('link', { name: 'Audit log' }).click();
    const audit = staffPage.getByRole('table', { name: 'Audit log entries' });
    for (const action of ['Item hidden, shown or its points changed', 'Item override cleared']) {
      await audit.getByText(action).first().waitFor();
    }
  });

  it('is accessible and fits a phone in both themes', { timeout: 120_000 }, async () => {
    await tour.revisit(browser, staffTokens);
  });
});
