import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedLearner, signInViaApi, type Learner, type Tokens } from '../support/accounts.ts';
import { collectEarnedBadges } from '../support/badge-dialog.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { runCli } from '../support/cli.ts';
import { screenTour } from '../support/screen-tour.ts';
import { url } from '../support/server.ts';

describe('a learner redeems a code, climbs the leaderboard and hides the profile', () => {
  let browser: Browser;
  let learner: Learner;
  let tokens: Tokens;
  const tour = screenTour('community');

  beforeAll(async () => {
    browser = await launchBrowser();
    learner = await createVerifiedLearner('climber');
    tokens = await signInViaApi(learner);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sees the navbar points rise after redeeming a code, and the learner on the leaderboard', async () => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    await runCli('coupon', 'create', '--code', code, '--points', '75', '--max-uses', '5');
    const page = await newPage(browser, { tokens, theme: 'dark' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(url('/profile'));
    await page.getByRole('textbox', { name: /reward code/i }).waitFor();
    await tour.capture(page, 'profile');
    const field = page.getByRole('textbox', { name: /reward code/i });
    await field.fill('NOT-A-CODE');
    await page.getByRole('button', { name: /redeem/i }).click();
    await page.getByText('Invalid reward code. Please check and try again.').first().waitFor();
    await field.fill(code);
    await page.getByRole('button', { name: /redeem/i }).click();
    await page.getByText('Reward code redeemed successfully!').first().waitFor();
    // The first redemption also earns a badge: collect it, then read the navbar's total.
    await collectEarnedBadges(page);
    const total = page.getByRole('banner').getByRole('img', { name: /^Total points: / });
    const navbarTotal = async () => Number((await total.getAttribute('aria-label'))?.replace(/\D/g, ''));
    await expect.poll(navbarTotal, { timeout: 10_000 }).toBeGreaterThanOrEqual(75);
    const points = await navbarTotal();
    expect(points).toBeGreaterThanOrEqual(75);
    await field.fill(code);
    await page.getByRole('button', { name: /redeem/i }).click();
    await page.getByText('This reward code has already been used.').first().waitFor();

    await page.goto(url('/leaderboard'));
    const row = page.getByRole('row', { name: new RegExp(learner.username) });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain(String(points));
    // The flag is a bundled SVG that draws (an emoji flag needs a font: two empty boxes here, letters on Windows).
    const flag = row.first().getByRole('img', { name: 'United Kingdom' });
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await flag.getAttribute('src')).toMatch(/^\/assets\/GB-[\w-]+\.svg$/);
    await tour.capture(page, 'leaderboard');

    await page.goto(url('/subscription'));
    await page.getByRole('heading').first().waitFor();
    await tour.capture(page, 'subscription');
    expect(errors).toEqual([]);
  });

  it('shows the public profile signed out, then not once the learner makes it private', async () => {
    const visitor = await newPage(browser, { theme: 'dark' });
    await visitor.goto(url(`/profile/${learner.username}`));
    await visitor.getByText(learner.username).first().waitFor();
    await tour.capture(visitor, 'public-profile', { signedIn: false });

    const page = await newPage(browser, { tokens, theme: 'dark' });
    await page.goto(url('/edit-profile'));
    await page.getByRole('heading').first().waitFor();
    await tour.capture(page, 'edit-profile');
    // Each setting is saved as soon as it changes.
    const visible = page
      .getByRole('switch', { name: 'Public profile', exact: true })
      .or(page.getByRole('checkbox', { name: 'Public profile', exact: true }));
    expect(await visible.isChecked()).toBe(true);
    await visible.click();
    await page.getByText('Public profile settings updated successfully.').first().waitFor();

    await visitor.reload();
    await visitor
      .getByText(/not found|no such profile|private/i)
      .first()
      .waitFor();
    expect(await visitor.getByText(learner.first_name).count()).toBe(0);

    // The leaderboard keeps the learner's rank but no longer names them (their own row still says "You").
    const mine = page.getByRole('row', { name: /A Bastion learner/ }).filter({ hasText: 'You' });
    await expect
      .poll(async () => {
        await page.goto(url('/leaderboard'));
        await page.getByRole('table').waitFor();
        return mine.count();
      })
      .toBe(1);
    expect(await page.getByRole('table').getByText(learner.username).count()).toBe(0);
  });

  it('shows the same screens accessibly in the light theme and at 375 px', async () => {
    expect(tour.visited.length).toBeGreaterThan(3);
    await tour.revisit(browser, tokens);
  }, 240_000);
});
