import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedLearner, signInViaApi, type Learner, type Tokens } from '../support/accounts.ts';
import { collectEarnedBadges, waitPastBadges } from '../support/badge-dialog.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { shippedChallengeAnswers } from '../support/content-answers.ts';
import { navbarPoints, screenTour } from '../support/screen-tour.ts';
import { url } from '../support/server.ts';

const SLUG = 'crumbs-in-the-source';
const TITLE = 'Crumbs in the Source';

describe('a learner solves a challenge step by step', () => {
  let browser: Browser;
  let learner: Learner;
  let tokens: Tokens;
  let answers: string[];
  const tour = screenTour('challenges');

  beforeAll(async () => {
    browser = await launchBrowser();
    learner = await createVerifiedLearner('solver');
    tokens = await signInViaApi(learner);
    answers = await shippedChallengeAnswers(SLUG);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function answerStep(page: Page, step: number, answer: string) {
    const current = page.getByRole('region', { name: new RegExp(`^Step ${step}\\b`) });
    await current.getByRole('textbox', { name: /answer/i }).fill(answer);
    await current.getByRole('button', { name: /submit/i }).click();
  }

  it('starts, takes a hint, solves every step and shares the completion', async () => {
    const page = await newPage(browser, { tokens, theme: 'dark' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(url('/challenges'));
    await page
      .getByRole('link', { name: new RegExp(TITLE) })
      .first()
      .waitFor();
    await tour.capture(page, 'list');
    await page
      .getByRole('link', { name: new RegExp(TITLE) })
      .first()
      .click();
    await page.waitForURL(/\/challenges\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: TITLE }).first().waitFor();
    await tour.capture(page, 'detail');
    const pointsBefore = await navbarPoints(page);

    await page.getByRole('button', { name: 'Start the challenge' }).click();
    await page.getByRole('region', { name: /^Step 1\b/ }).waitFor();

    // The hint names its cost before it is taken.
    const first = page.getByRole('region', { name: /^Step 1\b/ });
    await first.getByRole('button', { name: /hint/i }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(/3 points/).waitFor();
    await tour.capture(page, 'hint-confirm', { revisit: false });
    await confirm.getByRole('button', { name: /take|show|reveal|confirm|yes/i }).click();
    await page.getByText('Hint fetched successfully.').waitFor();

    // A wrong answer first, then every step in order. It keeps the step's format (the first character, a * of the
    // format, changed): an answer that does not fit the format is refused before it is sent.
    const wrong = answers[0]!.replace(/^./, (char) => (char === 'x' ? 'y' : 'x'));
    await answerStep(page, 1, wrong);
    await page
      .getByText(/incorrect|wrong|not correct/i)
      .first()
      .waitFor();
    for (const [index, answer] of answers.entries()) await answerStep(page, index + 1, answer);
    // The badges the last answer earned are known once the challenge shows as completed.
    const record = page.getByRole('link', { name: /completion|share/i }).first();
    await waitPastBadges(page, record, 30_000);
    await collectEarnedBadges(page);
    // Solved, the write-up shows how each step is solved, with the commands for the lab.
    const writeup = page.getByRole('region', { name: 'Write-up' });
    await writeup.getByRole('article').first().waitFor();
    expect(await writeup.getByRole('article').count()).toBe(answers.length);
    expect(await writeup.locator('pre code').count()).toBeGreaterThan(0);
    await tour.capture(page, 'solved');
    await expect.poll(() => navbarPoints(page), { timeout: 10_000 }).toBeGreaterThan(pointsBefore);
    const recordUrl = new URL((await record.getAttribute('href'))!, url('/')).toString();

    // Progress: the timeline and the challenge leaderboard with the learner on it.
    await page
      .getByRole('link', { name: /progress/i })
      .first()
      .click();
    await page.waitForURL(/\/challenges\/[0-9a-f-]{36}\/progress$/);
    await page.getByText(learner.username).first().waitFor();
    await tour.capture(page, 'progress');

    // Anyone with the link sees the record, signed out.
    const visitor = await newPage(browser, { theme: 'dark' });
    await visitor.goto(recordUrl);
    await visitor.getByText(TITLE).first().waitFor();
    await visitor.getByText(learner.username).first().waitFor();
    await tour.capture(visitor, 'completion-public', { signedIn: false });
    expect(errors).toEqual([]);
  });

  it('shows the same screens accessibly in the light theme and at 375 px', async () => {
    expect(tour.visited.length).toBeGreaterThan(3);
    await tour.revisit(browser, tokens);
  }, 240_000);
});
