import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedLearner } from '../support/accounts.ts';
import { scriptsRequested } from '../support/app-start.ts';
import { launchBrowser, newPage, THEME_STORAGE_KEY } from '../support/browser.ts';
import { solveAltchaWidget } from '../support/captcha-widget.ts';
import { url } from '../support/server.ts';

/**
 * Holds back the app's code until `release()`: what the visitor does meanwhile happens on the page as the server
 * sent it, as on a slow phone where the code takes seconds to arrive and run.
 */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.prerender === undefined, null, { timeout: 15_000 });

describe('a public page before the app has started', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('/pricing shows the price the server sells, with no script', async () => {
    const page = await newPage(browser, { width: 375, height: 812 });
    try {
      await page.goto(url('/pricing'));
      await page.waitForLoadState('networkidle');
      const premium = page.getByRole('article', { name: 'Premium' });
      expect(await premium.getByText('$9', { exact: true }).count()).toBe(1);
      expect(await premium.textContent()).toContain('per month');
      // The footer offers to share the site at the server's own address.
      const share = await page.getByRole('link', { name: 'Share Bastion on Telegram' }).getAttribute('href');
      expect(new URL(share!).searchParams.get('url')).toBe(new URL(url('/')).origin);
      expect(await scriptsRequested(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('/: the theme toggle clicked before the app has loaded switches the theme once it has, once', async () => {
    const page = await newPage(browser, { width: 375, height: 812 });
    try {
      const release = await holdAppCode(page);
      await page.goto(url('/'));
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
      release();
      await hydrated(page);
      await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('light');
    } finally {
      await page.context().close();
    }
  });

  it('/login: what the visitor typed before the app had loaded is what signs in', { timeout: 120_000 }, async () => {
    const learner = await createVerifiedLearner('early');
    const page = await newPage(browser, { width: 375, height: 812 });
    try {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const release = await holdAppCode(page);
      await page.goto(url('/login'));
      await page.getByLabel('Username').fill(learner.username.toUpperCase());
      await page.getByLabel(/^Password/).fill(learner.password);
      // Typed on the page as the server sent it: the app's code is still on its way.
      expect(await page.evaluate(() => document.documentElement.dataset.prerender)).toBe('waiting');
      release();
      await hydrated(page);
      expect(await page.getByLabel('Username').inputValue()).toBe(learner.username.toUpperCase());
      await solveAltchaWidget(page);
      const loginRequest = page.waitForRequest((r) => r.url().endsWith('/api/users/login/') && r.method() === 'POST');
      await page.getByRole('button', { name: 'Sign in' }).click();
      expect((await loginRequest).postDataJSON()).toMatchObject({
        username: learner.username,
        password: learner.password,
      });
      await page.waitForURL(url('/dashboard'), { timeout: 15_000 });
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
