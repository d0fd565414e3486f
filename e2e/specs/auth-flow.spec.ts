import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLearner, verificationLink } from '../support/accounts.ts';
import { launchBrowser, newPage, THEME_STORAGE_KEY, TOKENS_STORAGE_KEY } from '../support/browser.ts';
import { solveAltchaWidget } from '../support/captcha-widget.ts';
import { screenshot } from '../support/screenshot.ts';
import { url } from '../support/server.ts';

/** Page backgrounds of the two themes (apps/web/src/app/theme/tokens.ts), as the browser reports them. */
const BACKGROUND = { dark: 'rgb(10, 15, 20)', light: 'rgb(244, 246, 249)' };
const REDIRECT_MS = 5_000;

describe('a new learner', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers, verifies the emailed link, signs in through the captcha, keeps session and theme, signs out', async () => {
    const learner = newLearner('flow');
    const page = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const storage = (key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);
    const palette = () =>
      page.evaluate(() => ({
        theme: document.documentElement.dataset.theme,
        background: getComputedStyle(document.body).backgroundColor,
      }));

    // Sign up: every field, the country from the picker; the username typed in capitals is sent lower-cased.
    await page.goto(url('/register'));
    await page.getByLabel('Username').fill(learner.username.toUpperCase());
    await page.getByLabel('First name').fill(learner.first_name);
    await page.getByLabel('Last name').fill(learner.last_name);
    await page.getByLabel('Email').fill(learner.email);
    await page.getByLabel('Country').selectOption({ label: 'New Zealand' });
    await page.getByLabel(/^Password/).fill(learner.password);
    await page.getByLabel(/^Confirm password/).fill(learner.password);
    const signupRequest = page.waitForRequest((r) => r.url().endsWith('/api/users/signup/') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Create account' }).click();
    expect((await signupRequest).postDataJSON()).toEqual({
      username: learner.username,
      first_name: learner.first_name,
      last_name: learner.last_name,
      email: learner.email,
      country: 'NZ',
      password1: learner.password,
      password2: learner.password,
    });
    await page.getByText('Registration successful! Please verify your email.').waitFor();
    const shownAt = Date.now();

    // …and is returned to /login after 5 s.
    await page.waitForURL(url('/login'), { timeout: REDIRECT_MS + 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(REDIRECT_MS - 1_000);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    // The verification mail's link opens the app's page, which verifies the address.
    await page.goto(await verificationLink(learner.email));
    await page.getByText('Email verified. You can now log in.').waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL(url('/login'));

    // Sign in through the real ALTCHA widget, solved in the page.
    await page.getByLabel('Username').fill(learner.username.toUpperCase());
    await page.getByLabel(/^Password/).fill(learner.password);
    await solveAltchaWidget(page);
    const loginRequest = page.waitForRequest((r) => r.url().endsWith('/api/users/login/') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const loginBody = (await loginRequest).postDataJSON() as Record<string, unknown>;
    expect(loginBody).toMatchObject({ username: learner.username, password: learner.password });
    expect(typeof loginBody.recaptchaToken === 'string' && loginBody.recaptchaToken.length > 0).toBe(true);
    await page.waitForURL(url('/dashboard'), { timeout: 15_000 });
    const accountMenu = page.getByRole('button', { name: 'Account menu' });
    await accountMenu.waitFor();
    const tokens = JSON.parse((await storage(TOKENS_STORAGE_KEY)) ?? 'null') as { refresh?: string } | null;
    expect(tokens).toMatchObject({ access: expect.any(String), refresh: expect.any(String) });

    // A reload keeps the session.
    await page.reload();
    await accountMenu.waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // The theme is dark by default; the toggle switches to light, which a reload remembers.
    expect(await palette()).toEqual({ theme: 'dark', background: BACKGROUND.dark });
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'auth-dashboard-dark-1440');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(palette).toEqual({ theme: 'light', background: BACKGROUND.light });
    expect(await storage(THEME_STORAGE_KEY)).toBe('light');
    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor({ timeout: 15_000 });
    expect(await palette()).toEqual({ theme: 'light', background: BACKGROUND.light });
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'auth-dashboard-light-1440');

    // Sign out through the avatar menu: back to /login, no tokens left, the refresh token revoked.
    await accountMenu.click();
    const logoutRequest = page.waitForRequest((r) => r.url().endsWith('/api/users/logout/') && r.method() === 'POST');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    expect((await logoutRequest).postDataJSON()).toEqual({ refresh: tokens?.refresh });
    await page.waitForURL(url('/login'), { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const left = await page.evaluate(() => Object.keys(window.localStorage));
    expect(left).not.toContain(TOKENS_STORAGE_KEY);
    expect(left).not.toContain('access_token');
    expect(left).not.toContain('refresh_token');
    expect(await storage(THEME_STORAGE_KEY)).toBe('light');
    const refresh = await fetch(url('/api/auth/token/refresh/'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: tokens?.refresh }),
    });
    expect(refresh.status).toBe(401);

    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
