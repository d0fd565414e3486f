import { readFile } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { createVerifiedLearner, signInViaApi, type Learner, type Tokens } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import { newPage, TOKENS_STORAGE_KEY } from './browser.ts';
import { solveAltchaWidget } from './captcha-widget.ts';
import { runCli } from './cli.ts';
import { screenshot } from './screenshot.ts';
import { expectNoSidewaysScroll } from './screen-tour.ts';
import { url } from './server.ts';

/** Turns two-factor sign-in on through the API, as the security card would; answers the next code to use. */
export async function enableTwoFactor(tokens: Tokens, password: string): Promise<() => string> {
  const authorization = `Bearer ${tokens.access}`;
  const setup = await fetch(url('/api/users/2fa/setup/'), {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  if (setup.status !== 200) throw new Error(`2fa setup: HTTP ${setup.status} ${await setup.text()}`);
  const { secret } = (await setup.json()) as { secret: string };
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  let lastStep = -1;
  const next = () => {
    const step = Math.max(Math.floor(Date.now() / 30_000), lastStep + 1);
    lastStep = step;
    return totp.generate({ timestamp: step * 30_000 });
  };
  const confirm = await fetch(url('/api/users/2fa/confirm/'), {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ password, code: next() }),
  });
  if (confirm.status !== 200) throw new Error(`2fa confirm: HTTP ${confirm.status} ${await confirm.text()}`);
  return next;
}

export async function storedTokens(page: Page): Promise<Tokens> {
  return JSON.parse((await page.evaluate((key) => localStorage.getItem(key), TOKENS_STORAGE_KEY)) ?? 'null') as Tokens;
}

/** Clicks `button` and answers the name and the text of the file the browser saves. */
export async function downloadFrom(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
}

/**
 * A console screen that an address alone does not reach (a dialog, a form's result) on a phone in both themes:
 * `reach` brings the page opened at `path` to it, then axe checks it, and it is photographed as `name`.
 */
export async function onPhones(
  browser: Browser,
  tokens: Tokens,
  path: string,
  name: string,
  reach: (page: Page) => Promise<void>,
): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    const phone = await newPage(browser, { width: 375, theme, tokens });
    await phone.goto(url(path));
    await reach(phone);
    await expectAccessible(phone, `${name} (${theme}, 375px)`);
    await expectNoSidewaysScroll(phone, `${name} (${theme}, 375px)`);
    await screenshot(phone, `admin-${name}-${theme}-375`);
    await phone.context().close();
  }
}

/** The console's page of `learner`, found through its search. */
export async function openLearner(page: Page, learner: Learner): Promise<void> {
  await page.getByRole('link', { name: 'Learners' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(learner.username);
  // The search has reached the address and the list: only this learner is left.
  await page.waitForURL((address) => address.searchParams.get('search') === learner.username);
  await page
    .getByRole('status')
    .filter({ hasText: /^1 learner$/ })
    .waitFor();
  await page
    .getByRole('table', { name: 'Learners' })
    .getByRole('link', { name: learner.username, exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: learner.username }).waitFor();
}

/** Presses `button` in the confirmation dialog titled `title`. */
export async function confirm(page: Page, title: string, button: string): Promise<void> {
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: button }).click();
}

/**
 * A new staff account with two-factor sign-in on, signed in through the API with a code (the console admits only
 * such a session): what a spec that only reads the console needs.
 */
export async function signedInStaff(prefix = 'staff'): Promise<{ staff: Learner; tokens: Tokens }> {
  const staff = await createVerifiedLearner(prefix);
  await runCli('user', 'set-staff', staff.username);
  const nextCode = await enableTwoFactor(await signInViaApi(staff), staff.password);
  // With two-factor sign-in on, the password step answers a ticket for the code's step rather than tokens.
  const { ticket } = (await signInViaApi(staff)) as unknown as { ticket: string };
  const second = await fetch(url('/api/users/login/2fa/'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ticket, code: nextCode() }),
  });
  if (second.status !== 200) throw new Error(`staff sign-in: HTTP ${second.status} ${await second.text()}`);
  return { staff, tokens: (await second.json()) as Tokens };
}

/** Signs staff in through the page, with the password and then a two-factor code, as far as their dashboard. */
export async function signInStaffInPage(page: Page, staff: Learner, code: string): Promise<void> {
  await page.goto(url('/login'));
  await page.getByLabel('Username').fill(staff.username);
  await page.getByLabel(/^Password/).fill(staff.password);
  await solveAltchaWidget(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL(url('/dashboard'), { timeout: 15_000 });
}

/** A new staff account (`signedInStaff`) with the console's overview open in a page of its own, in the dark theme. */
export async function openStaffConsole(browser: Browser, prefix: string): Promise<{ tokens: Tokens; page: Page }> {
  const { tokens } = await signedInStaff(prefix);
  const page = await newPage(browser, { theme: 'dark', tokens });
  await page.goto(url('/admin/overview'));
  return { tokens, page };
}
