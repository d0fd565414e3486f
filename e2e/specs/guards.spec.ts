import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedLearner, signInViaApi, type Learner } from '../support/accounts.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { url } from '../support/server.ts';

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Opens `pathname` and waits until the app has settled on `expected` (client-side redirects included). */
async function expectLandsOn(page: Page, pathname: string, expected: string): Promise<void> {
  await page.goto(url(pathname));
  await page.waitForURL(url(expected), { timeout: 15_000 });
  await page.locator('main').first().waitFor({ timeout: 15_000 });
  expect(pathOf(page), `${pathname} should land on ${expected}`).toBe(expected);
}

describe('route guards', () => {
  let browser: Browser;
  let visitor: Page;
  let learnerPage: Page;
  let learner: Learner;

  beforeAll(async () => {
    browser = await launchBrowser();
    learner = await createVerifiedLearner('guard');
    visitor = await newPage(browser);
    learnerPage = await newPage(browser, { tokens: await signInViaApi(learner) });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a visitor who opens an authenticated page to /login', async () => {
    for (const pathname of ['/dashboard', '/leaderboard', '/change-password', '/dashboard/unknown']) {
      await expectLandsOn(visitor, pathname, '/login');
      await visitor.getByRole('heading', { name: 'Sign in' }).waitFor();
    }
  });

  it('sends a signed-in learner who opens a guest-only page to /dashboard', async () => {
    for (const pathname of ['/login', '/register', '/forgot-password']) {
      await expectLandsOn(learnerPage, pathname, '/dashboard');
      await learnerPage.getByRole('button', { name: 'Account menu' }).waitFor();
    }
  });

  it('redirects an unknown path outside every group to /', async () => {
    await expectLandsOn(visitor, '/no-such-page', '/');
    await expectLandsOn(visitor, '/no/such/page', '/');
    await expectLandsOn(learnerPage, '/no-such-page', '/');
  });

  it('shows the not-found page for an unknown path inside the authenticated group when signed in', async () => {
    for (const pathname of ['/courses/nope/x', '/dashboard/unknown']) {
      await learnerPage.goto(url(pathname));
      await learnerPage.getByRole('heading', { name: 'Page not found' }).waitFor({ timeout: 15_000 });
      expect(pathOf(learnerPage)).toBe(pathname);
      // Inside the authenticated layout: its navbar is there, and the way back leads to the dashboard.
      await learnerPage.getByRole('button', { name: 'Account menu' }).waitFor();
      expect(await learnerPage.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe(
        '/dashboard',
      );
    }
  });

  it('refuses to sign in without a solved captcha, and sends no login request', async () => {
    const loginRequests: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (new URL(request.url()).pathname.startsWith('/api/users/login')) loginRequests.push(request.url());
    };
    visitor.on('request', onRequest);
    try {
      await visitor.goto(url('/login'));
      await visitor.getByLabel('Username').fill(learner.username);
      await visitor.getByLabel(/^Password/).fill(learner.password);
      // The widget is on the page, unsolved.
      await visitor.locator('altcha-widget [data-state="unverified"]').waitFor({ state: 'attached' });
      const signIn = visitor.getByRole('button', { name: 'Sign in' });
      const alert = visitor.getByRole('alert').filter({ hasText: 'Please complete the reCAPTCHA verification.' });

      await signIn.click();
      await alert.waitFor();
      expect(await alert.getAttribute('data-error-count')).toBe('1');
      // R4: the same error again is shown again.
      await signIn.click();
      await expect.poll(() => alert.getAttribute('data-error-count')).toBe('2');

      await visitor.waitForLoadState('networkidle');
      expect(loginRequests).toEqual([]);
      expect(pathOf(visitor)).toBe('/login');
    } finally {
      visitor.off('request', onRequest);
    }
  });
});
