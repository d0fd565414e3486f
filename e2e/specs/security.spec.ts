import { readFile } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import { MESSAGES } from '@bastion/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedLearner, signInViaApi, type Learner, type Tokens } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { launchBrowser, newPage, TOKENS_STORAGE_KEY, type Theme } from '../support/browser.ts';
import { solveAltchaWidget } from '../support/captcha-widget.ts';
import { expectNoSidewaysScroll, screenTour } from '../support/screen-tour.ts';
import { screenshot } from '../support/screenshot.ts';
import { url } from '../support/server.ts';

const PERIOD_S = 30;

/**
 * An authenticator app in the test: the key read from the page, codes computed with `otpauth`. The server
 * accepts each 30-second step once and one step either side of now, so every code is of a later step than
 * the one before (the next step's code when the current one is spent), without waiting.
 */
function authenticator(base32: string) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(base32) });
  let lastStep = -1;
  return {
    next(): string {
      const now = Math.floor(Date.now() / 1000 / PERIOD_S);
      const step = Math.max(now, lastStep + 1);
      if (step > now + 1) throw new Error('No unused step within the window: the test used codes too fast.');
      lastStep = step;
      return totp.generate({ timestamp: step * PERIOD_S * 1000 });
    },
  };
}

async function setTheme(page: Page, theme: Theme): Promise<void> {
  const current = await page.evaluate(() => document.documentElement.dataset.theme);
  if (current === theme) return;
  await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
  await page.waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, theme);
}

/**
 * A state of the security section that no address reopens (setup, recovery codes): axe, width and a
 * screenshot in both themes at 1440 and 375 px, then back to the journey's dark 1440 px.
 */
async function checkEveryLook(page: Page, name: string): Promise<void> {
  const looks: [number, Theme][] = [
    [1440, 'dark'],
    [375, 'dark'],
    [375, 'light'],
    [1440, 'light'],
  ];
  for (const [width, theme] of looks) {
    await page.setViewportSize({ width, height: 900 });
    await setTheme(page, theme);
    const label = `${name} (${theme}, ${width}px)`;
    await expectAccessible(page, label);
    await expectNoSidewaysScroll(page, label);
    await screenshot(page, `security-${name}-${theme}-${width}`);
  }
  await setTheme(page, 'dark');
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function storedTokens(page: Page): Promise<Tokens> {
  const stored = await page.evaluate((key) => window.localStorage.getItem(key), TOKENS_STORAGE_KEY);
  return JSON.parse(stored ?? 'null') as Tokens;
}

/** The password step through the real captcha widget, up to the code step. */
async function passwordStep(page: Page, learner: Learner): Promise<void> {
  await page.goto(url('/login'));
  await page.getByLabel('Username').fill(learner.username);
  await page.getByLabel(/^Password/).fill(learner.password);
  await solveAltchaWidget(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' }).waitFor({ timeout: 15_000 });
}

describe('a learner protects the account with two-factor sign-in and ends a session', () => {
  let browser: Browser;
  let learner: Learner;
  const tour = screenTour('security');
  let tokens: Tokens;

  beforeAll(async () => {
    browser = await launchBrowser();
    learner = await createVerifiedLearner('guard');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('turns it on, signs in with a code and a recovery code, sees and ends the other session', async () => {
    const page = await newPage(browser, { tokens: await signInViaApi(learner), theme: 'dark' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // Turn on: the QR code is an image; the key is read off the page as a person would type it into an app.
    await page.goto(url('/edit-profile#security'));
    await page.getByRole('button', { name: 'Turn on' }).click();
    // The setup asks for the password before it hands out a key.
    const start = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await start.getByLabel(/^Password/).fill(learner.password);
    await start.getByRole('button', { name: 'Continue' }).click();
    const setup = page.getByRole('region', { name: 'Set up your authenticator app' });
    await setup.waitFor();
    const qr = setup.getByRole('img', { name: 'QR code for your authenticator app' });
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const key = ((await setup.locator('code').textContent()) ?? '').replace(/\s+/g, '');
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);
    const app = authenticator(key);
    await checkEveryLook(page, 'setup');

    await setup.getByRole('textbox', { name: 'Authentication code' }).fill(app.next());
    await setup.getByLabel(/^Password/).fill(learner.password);
    await setup.getByRole('button', { name: 'Confirm' }).click();

    // The recovery codes, once: saved by download, acknowledged, then gone.
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download (.txt)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bastion-recovery-codes.txt');
    const saved = await readFile((await download.path())!, 'utf8');
    for (const code of codes) expect(saved).toContain(code);
    // The toast that says it is on hides by itself: axe would read it mid-fade as text of too little contrast.
    await page.getByText(MESSAGES.twoFactorEnabled).waitFor({ state: 'hidden', timeout: 30_000 });
    await checkEveryLook(page, 'recovery-codes');
    await page.getByRole('checkbox', { name: 'I have saved them' }).check();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Recovery codes left: 10').waitFor();
    expect(await page.getByText(codes[0]!).count()).toBe(0);

    // Sign out, then in again: the password, then the code computed here.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(url('/login'));
    await passwordStep(page, learner);
    await expectAccessible(page, 'login code step (dark)');
    await screenshot(page, 'security-login-code-step-dark-1440');
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(app.next());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(url('/dashboard'), { timeout: 15_000 });
    tokens = await storedTokens(page);

    // A second browser signs in once with a recovery code.
    const other = await newPage(browser, { theme: 'dark' });
    await passwordStep(other, learner);
    await other.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await other.getByRole('textbox', { name: 'Recovery code' }).fill(codes[3]!);
    await other.getByRole('button', { name: 'Verify' }).click();
    await other.waitForURL(url('/dashboard'), { timeout: 15_000 });

    // Two sessions: this one marked, the other one can be ended.
    await page.goto(url('/edit-profile#security'));
    await page.getByText('Recovery codes left: 9').waitFor();
    const sessions = page.getByRole('list', { name: 'Signed-in sessions' });
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(2);
    expect(await sessions.getByRole('listitem').first().getByText('This device').count()).toBe(1);
    await tour.capture(page, 'edit-profile');

    const turnOff = page.getByRole('button', { name: 'Turn off' });
    await turnOff.click();
    const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await dialog.getByLabel(/^Password/).waitFor();
    await expectAccessible(page, 'turn-off dialog (dark)');
    await screenshot(page, 'security-turn-off-dialog-dark-1440', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await sessions.getByRole('button', { name: /^Sign out / }).click();
    await page.getByText('The session has been signed out.').first().waitFor();
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);

    // The other browser is signed out on its next call.
    await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }).click();
    await other.waitForURL(url('/login'), { timeout: 15_000 });
    expect(await storedTokens(other)).toBeNull();
    await other.context().close();

    expect(errors).toEqual([]);
    await page.context().close();
  }, 150_000);

  it('refuses a bad unlock link and points back to sign-in', async () => {
    const page = await newPage(browser, { theme: 'dark' });
    await page.goto(url('/unlock/bm9ib2R5/not-a-real-token'));
    await page.getByRole('alert').getByText('Invalid or expired unlock link.').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    await tour.capture(page, 'unlock-invalid', { signedIn: false, revisit: false });
    await page.context().close();
  });

  it('shows the security section accessibly in the light theme and at 375 px', async () => {
    expect(tour.visited).toHaveLength(1);
    await tour.revisit(browser, tokens);
  }, 60_000);
});
