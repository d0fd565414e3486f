import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedLearner, signInViaApi, type Learner, type Tokens } from '../support/accounts.ts';
import { launchBrowser, newPage, TOKENS_STORAGE_KEY } from '../support/browser.ts';
import { solveAltchaWidget } from '../support/captcha-widget.ts';
import { shippedQuizAnswers } from '../support/content-answers.ts';
import { learningApi } from '../support/learning-api.ts';
import { runCli } from '../support/cli.ts';
import { expectAccessible } from '../support/axe.ts';
import { screenshot } from '../support/screenshot.ts';
import { expectNoSidewaysScroll, screenTour } from '../support/screen-tour.ts';
import { url } from '../support/server.ts';

/** Turns two-factor sign-in on through the API, as the security card would; answers the next code to use. */
async function enableTwoFactor(tokens: Tokens, password: string): Promise<() => string> {
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

async function storedTokens(page: Page): Promise<Tokens> {
  return JSON.parse((await page.evaluate((key) => localStorage.getItem(key), TOKENS_STORAGE_KEY)) ?? 'null') as Tokens;
}

/** The console's page of `learner`, found through its search. */
async function openLearner(page: Page, learner: Learner): Promise<void> {
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

async function confirm(page: Page, title: string, button: string): Promise<void> {
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: button }).click();
}

describe('the operator console', () => {
  let browser: Browser;
  let staff: Learner;
  let staffPage: Page;
  const tour = screenTour('admin');

  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await createVerifiedLearner('staff');
    await runCli('user', 'set-staff', staff.username);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is refused to a learner, whose bundle holds none of its code', async () => {
    const learner = await createVerifiedLearner('nosy');
    const page = await newPage(browser, { tokens: await signInViaApi(learner) });
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(url('/dashboard'));
    await page.getByRole('button', { name: 'Account menu' }).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const bodies = await Promise.all(scripts.map(async (path) => (await page.request.get(url(path))).text()));
    expect(bodies.some((body) => body.includes('Bastion console'))).toBe(false);

    await page.goto(url('/admin'));
    await page.getByRole('heading', { name: 'This area is for staff accounts.' }).waitFor({ timeout: 15_000 });
    await page.context().close();
  });

  it('links the console from a staff account menu, and says why and how when two-factor sign-in is off', async () => {
    const tokens = await signInViaApi(staff);
    for (const theme of ['light', 'dark'] as const) {
      const phone = await newPage(browser, { width: 375, theme, tokens });
      await phone.goto(url('/dashboard'));
      await phone.getByRole('button', { name: 'Account menu' }).click({ timeout: 15_000 });
      const consoleItem = phone.getByRole('menuitem', { name: 'Operator console' });
      await consoleItem.waitFor();
      await expectAccessible(phone, `account menu of staff (${theme}, 375px)`);
      await screenshot(phone, `admin-account-menu-${theme}-375`, { fullPage: false });
      await consoleItem.click();
      await phone
        .getByRole('heading', { level: 1, name: 'Turn on two-factor sign-in before using the operator console.' })
        .waitFor({ timeout: 15_000 });
      // The console keeps its user: nothing sends them on to Edit profile.
      await phone.waitForLoadState('networkidle');
      expect(new URL(phone.url()).pathname).toBe('/admin');
      await expectAccessible(phone, `console, two-factor sign-in off (${theme}, 375px)`);
      await expectNoSidewaysScroll(phone, `console, two-factor sign-in off (${theme}, 375px)`);
      await screenshot(phone, `admin-two-factor-first-${theme}-375`);

      await phone.getByRole('link', { name: 'Turn on two-factor sign-in' }).click();
      await phone.getByText('The operator console needs two-factor sign-in').waitFor({ timeout: 15_000 });
      await phone.getByRole('button', { name: 'Turn on' }).waitFor();
      await expectAccessible(phone, `edit profile from the console (${theme}, 375px)`);
      await expectNoSidewaysScroll(phone, `edit profile from the console (${theme}, 375px)`);
      await screenshot(phone, `admin-two-factor-edit-profile-${theme}-375`);
      await phone.context().close();
    }
  });

  it('signs staff in with two-factor sign-in, then grants a learner Premium, whose navbar shows it', async () => {
    const nextCode = await enableTwoFactor(await signInViaApi(staff), staff.password);
    staffPage = await newPage(browser, { theme: 'dark' });
    await staffPage.goto(url('/login'));
    await staffPage.getByLabel('Username').fill(staff.username);
    await staffPage.getByLabel(/^Password/).fill(staff.password);
    await solveAltchaWidget(staffPage);
    await staffPage.getByRole('button', { name: 'Sign in' }).click();
    await staffPage.getByRole('textbox', { name: 'Authentication code' }).fill(nextCode());
    await staffPage.getByRole('button', { name: 'Verify', exact: true }).click();
    await staffPage.waitForURL(url('/dashboard'), { timeout: 15_000 });

    const learner = await createVerifiedLearner('premium');
    const learnerPage = await newPage(browser, { tokens: await signInViaApi(learner) });
    await learnerPage.goto(url('/dashboard'));
    await learnerPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upgrade Plan' }).waitFor();

    await staffPage.getByRole('button', { name: 'Account menu' }).click();
    await staffPage.getByRole('menuitem', { name: 'Operator console' }).click();
    await staffPage.waitForURL(url('/admin/overview'));
    await staffPage.getByRole('list', { name: 'Learners' }).waitFor();
    await staffPage.getByRole('button', { name: 'Download New learners per day as CSV' }).waitFor();
    // The charts' own module arrives after the page: axe and the screenshot see them drawn.
    await staffPage.waitForLoadState('networkidle');
    await tour.capture(staffPage, 'overview');
    await staffPage.getByRole('link', { name: 'Learners' }).click();
    await staffPage.getByRole('heading', { level: 1, name: 'Learners' }).waitFor();
    await tour.capture(staffPage, 'learners');
    await openLearner(staffPage, learner);
    await tour.capture(staffPage, 'learner');
    await staffPage.getByRole('textbox', { name: 'Days of Premium' }).fill('30');
    await staffPage.getByRole('button', { name: 'Grant Premium' }).click();
    await staffPage.getByText(`${learner.username} has 30 more days of Premium.`).waitFor();

    await learnerPage.reload();
    await learnerPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Premium' }).waitFor();
    await learnerPage.context().close();
  });

  it('disables a learner, whose open tab is signed out at its next call', async () => {
    const learner = await createVerifiedLearner('disabled');
    const learnerPage = await newPage(browser, { tokens: await signInViaApi(learner) });
    await learnerPage.goto(url('/dashboard'));
    await learnerPage.getByRole('button', { name: 'Account menu' }).waitFor({ timeout: 15_000 });

    await openLearner(staffPage, learner);
    await staffPage.getByRole('button', { name: 'Disable account' }).click();
    await confirm(staffPage, 'Disable account?', 'Disable account');
    await staffPage.getByText(`${learner.username} is disabled and signed out everywhere.`).waitFor();

    // The tab's next call signs it out: a call of its own (the navbar's refresh) may already have, else a link's.
    if (!learnerPage.url().startsWith(url('/login'))) {
      const leaderboard = learnerPage
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Leaderboard' });
      await leaderboard.click({ timeout: 5_000 }).catch(() => undefined);
    }
    await learnerPage.waitForURL(url('/login'), { timeout: 15_000 });
    await learnerPage.context().close();
  });

  it('creates a code that a learner then redeems, and shows who did', async () => {
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    await staffPage.getByRole('link', { name: 'Codes' }).click();
    await staffPage.getByRole('textbox', { name: 'Code' }).fill(code);
    await staffPage.getByRole('textbox', { name: 'Points', exact: true }).fill('25');
    await staffPage.getByRole('button', { name: 'Create code' }).click();
    await staffPage.getByText(`Code ${code} created.`).waitFor();
    await tour.capture(staffPage, 'codes');

    const learner = await createVerifiedLearner('redeemer');
    const learnerPage = await newPage(browser, { tokens: await signInViaApi(learner) });
    await learnerPage.goto(url('/profile'));
    await learnerPage.getByRole('textbox', { name: 'Reward code' }).fill(code.toLowerCase());
    await learnerPage.getByRole('button', { name: 'Redeem', exact: true }).click();
    await learnerPage.getByText('Reward code redeemed successfully!').first().waitFor();
    await learnerPage.context().close();

    await staffPage.reload();
    await staffPage.getByRole('button', { name: `Who redeemed ${code}` }).click();
    const dialog = staffPage.getByRole('dialog', { name: `Who redeemed ${code}` });
    await dialog.getByRole('link', { name: learner.username }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('broadcasts to a learner, whose bell shows it, and the audit log records every action', async () => {
    const learner = await createVerifiedLearner('bell');
    const learnerPage = await newPage(browser, { tokens: await signInViaApi(learner) });
    await learnerPage.goto(url('/dashboard'));
    await learnerPage.getByRole('button', { name: 'Account menu' }).waitFor({ timeout: 15_000 });

    await staffPage.getByRole('link', { name: 'Notifications' }).click();
    await staffPage.getByRole('radio', { name: 'One learner' }).check();
    await staffPage.getByRole('textbox', { name: 'Username' }).fill(learner.username);
    await staffPage.getByRole('textbox', { name: 'Title' }).fill('Maintenance tonight');
    await staffPage.getByRole('textbox', { name: 'Message' }).fill('Labs are down from 22:00 to 23:00 UTC.');
    await staffPage.getByRole('region', { name: 'Preview' }).getByText('Maintenance tonight').waitFor();
    await staffPage.getByRole('button', { name: 'Send to this learner' }).click();
    await staffPage.getByText(`Sent to ${learner.username}.`).waitFor();
    await tour.capture(staffPage, 'notifications');

    await learnerPage.reload();
    // The welcome notification is unread too.
    await learnerPage.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    await learnerPage.getByRole('dialog').getByText('Maintenance tonight').waitFor();
    await learnerPage.context().close();

    await staffPage.getByRole('link', { name: 'Inbox' }).click();
    await staffPage.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await staffPage.waitForLoadState('networkidle');
    await tour.capture(staffPage, 'inbox');
    await staffPage.getByRole('link', { name: 'Audit log' }).click();
    const log = staffPage.getByRole('table', { name: 'Audit log entries' });
    for (const what of ['Premium granted', 'Account disabled', 'Code created', 'Notification sent']) {
      await log.getByText(what).first().waitFor();
    }
    expect(await log.getByText(staff.username).count()).toBeGreaterThanOrEqual(4);
    await tour.capture(staffPage, 'audit');
    // What happened outside the console: the staff member's own sign-ins and two-factor sign-in, a redemption.
    for (const what of ['Staff signed in', 'Staff turned on two-factor sign-in', 'Code redeemed']) {
      await staffPage.getByRole('combobox', { name: 'Action' }).click();
      await staffPage.getByRole('option', { name: what }).click();
      await log.getByText(what).first().waitFor();
    }
    await staffPage.getByRole('button', { name: 'Clear filters' }).click();
    await staffPage.waitForURL((address) => !address.searchParams.has('action'));

    const [download] = await Promise.all([
      staffPage.waitForEvent('download'),
      staffPage.getByRole('button', { name: 'Download as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (
      await fetch(url('/api/admin/audit/export/?action=coupon.redeem'), {
        headers: { authorization: `Bearer ${(await storedTokens(staffPage)).access}` },
      })
    ).text();
    expect(csv.split('\r\n')[0]).toBe(
      'seq,at,actor,actor_id,via,ip,action,target_type,target_id,target,before,after,row_hash',
    );
    expect(csv).toContain(',learner,');
    await staffPage.reload();
    await log.getByText('Audit log downloaded').first().waitFor();
    await staffPage.getByRole('link', { name: 'Integrity' }).click();
    await staffPage.getByRole('heading', { level: 1, name: 'Integrity' }).waitFor();
    await staffPage.getByText('No shared answers').waitFor();
    await staffPage.getByRole('heading', { level: 2, name: 'Quick solves', exact: true }).waitFor();
    await staffPage.waitForLoadState('networkidle');
    await tour.capture(staffPage, 'integrity');
  });

  it("logs learners' answers with the address and marks, linked from Learners, filtered and exported", async () => {
    const ada = await createVerifiedLearner('answers');
    const bob = await createVerifiedLearner('copier');
    for (const learner of [ada, bob]) {
      const tokens = await signInViaApi(learner);
      const api = learningApi(tokens);
      const course = await api.course('linux-fundamentals');
      await api.enrollCourse(course.id);
      const [first] = await api.modules(course.id);
      const quiz = (await api.items(first!.id)).find((item) => item.type === 'quiz')!;
      // The same wrong answer from both, then Ada's right one, sent without opening the quiz's lab.
      expect((await api.answerQuiz(quiz.id, 'not the answer')).correct).toBe(false);
      if (learner !== ada) continue;
      const profile = await fetch(url('/api/users/profile/'), {
        headers: { authorization: `Bearer ${tokens.access}` },
      });
      const answerOf = await shippedQuizAnswers(((await profile.json()) as { id: string }).id);
      expect((await api.answerQuiz(quiz.id, answerOf(quiz))).correct).toBe(true);
    }

    await staffPage.getByRole('link', { name: 'Learners' }).click();
    await staffPage.getByRole('searchbox', { name: 'Search' }).fill(ada.username);
    await staffPage.waitForURL((address) => address.searchParams.get('search') === ada.username);
    await staffPage.getByRole('link', { name: `Submissions of ${ada.username}` }).click();
    await staffPage.waitForURL((address) => address.pathname === '/admin/submissions');
    const table = staffPage.getByRole('table', { name: 'Submissions' });
    await staffPage
      .getByRole('status')
      .filter({ hasText: /^2 answers$/ })
      .waitFor();
    await table.getByText('Right', { exact: true }).waitFor();
    await table
      .getByText(/^from (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/)
      .first()
      .waitFor();
    await table.getByRole('link', { name: 'Sent by 2 learners' }).click();
    await staffPage.waitForURL((address) => address.searchParams.has('fingerprint'));
    await staffPage
      .getByRole('status')
      .filter({ hasText: /^2 answers$/ })
      .waitFor();
    await table.getByRole('link', { name: bob.username, exact: true }).waitFor();
    await staffPage.waitForLoadState('networkidle');
    await tour.capture(staffPage, 'submissions');

    const [download] = await Promise.all([
      staffPage.waitForEvent('download'),
      staffPage.getByRole('button', { name: 'Download as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^submissions-\d{4}-\d{2}-\d{2}\.csv$/);
    await staffPage.getByRole('link', { name: 'Audit log' }).click();
    await staffPage.getByRole('table', { name: 'Audit log entries' }).getByText('Submissions log downloaded').waitFor();
  });

  it('re-imports content: checks the server folder first, then imports it, and the audit log records it', async () => {
    await staffPage.getByRole('link', { name: 'Content', exact: true }).click();
    await staffPage.getByRole('heading', { level: 1, name: 'Content', exact: true }).waitFor();
    // The server imported its folder (the shipped content/) as it started.
    const last = staffPage.getByRole('region', { name: 'Last import' });
    await last.getByText('The server, as it started').waitFor();
    await tour.capture(staffPage, 'content');

    await staffPage.getByRole('button', { name: 'Check the folder' }).click();
    const ready = staffPage.getByRole('status').filter({ hasText: /^Ready to import: \d+ courses, / });
    await ready.waitFor({ timeout: 30_000 });
    await tour.capture(staffPage, 'content-checked', { revisit: false });
    await staffPage.getByRole('button', { name: 'Import', exact: true }).click();
    await confirm(staffPage, 'Import the content folder?', 'Import');
    await staffPage.getByText(/^Imported: \d+ created, \d+ updated, 0 hidden\.$/).waitFor({ timeout: 60_000 });
    await last.getByText(`${staff.username}, in the console`).waitFor();

    // The report of a check, on a phone in both themes.
    const tokens = await storedTokens(staffPage);
    for (const theme of ['light', 'dark'] as const) {
      const phone = await newPage(browser, { width: 375, theme, tokens });
      await phone.goto(url('/admin/content'));
      await phone.getByRole('button', { name: 'Check the folder' }).click();
      await phone
        .getByRole('status')
        .filter({ hasText: /^Ready to import/ })
        .waitFor({ timeout: 30_000 });
      await expectAccessible(phone, `content check (${theme}, 375px)`);
      await expectNoSidewaysScroll(phone, `content check (${theme}, 375px)`);
      await screenshot(phone, `admin-content-checked-${theme}-375`);
      await phone.context().close();
    }

    await staffPage.getByRole('link', { name: 'Audit log' }).click();
    await staffPage.getByRole('table', { name: 'Audit log entries' }).getByText('Content imported').first().waitFor();
  });

  // Nine screens, each in three more looks: longer than the default minute on a loaded machine.
  it('is accessible and fits a phone in both themes', { timeout: 200_000 }, async () => {
    await tour.revisit(browser, await storedTokens(staffPage));
  });
});
