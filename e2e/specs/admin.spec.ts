import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedLearner, signInViaApi, type Learner } from '../support/accounts.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import {
  confirm,
  downloadFrom,
  enableTwoFactor,
  onPhones,
  openLearner,
  signInStaffInPage,
  storedTokens,
} from '../support/console.ts';
import { shippedQuizAnswers } from '../support/content-answers.ts';
import { learningApi } from '../support/learning-api.ts';
import { runCli } from '../support/cli.ts';
import { expectAccessible } from '../support/axe.ts';
import { screenshot } from '../support/screenshot.ts';
import { expectNoSidewaysScroll, screenTour } from '../support/screen-tour.ts';
import { url } from '../support/server.ts';
import { waitForMail } from '../support/mail.ts';

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
    await signInStaffInPage(staffPage, staff, nextCode());

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

    expect((await downloadFrom(staffPage, 'Download as CSV')).name).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
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

    expect((await downloadFrom(staffPage, 'Download as CSV')).name).toMatch(/^submissions-\d{4}-\d{2}-\d{2}\.csv$/);
    await staffPage.getByRole('link', { name: 'Audit log' }).click();
    await staffPage.getByRole('table', { name: 'Audit log entries' }).getByText('Submissions log downloaded').waitFor();
  });

  // A check and an import each compare the whole curriculum: tens of seconds while other work keeps the cores busy.
  it(
    'checks the content folder, re-imports it, and the audit log records it',
    { timeout: 300_000 },
    async ({ task }) => {
      await staffPage.getByRole('link', { name: 'Content', exact: true }).click();
      await staffPage.getByRole('heading', { level: 1, name: 'Content', exact: true }).waitFor();
      // The server imported its folder (the shipped content/) as it started; a retry finds its first try's import.
      const last = staffPage.getByRole('region', { name: 'Last import' });
      const retried = (task.result?.retryCount ?? 0) > 0;
      await last.getByText(retried ? `${staff.username}, in the console` : 'The server, as it started').waitFor();
      await tour.capture(staffPage, 'content');

      await staffPage.getByRole('button', { name: 'Check the folder' }).click();
      const ready = staffPage.getByRole('status').filter({ hasText: /^Ready to import: \d+ courses, / });
      await ready.waitFor({ timeout: 90_000 });
      await tour.capture(staffPage, 'content-checked', { revisit: false });
      await staffPage.getByRole('button', { name: 'Import', exact: true }).click();
      await confirm(staffPage, 'Import the content folder?', 'Import');
      await staffPage.getByText(/^Imported: \d+ created, \d+ updated, 0 hidden\.$/).waitFor({ timeout: 120_000 });
      await last.getByText(`${staff.username}, in the console`).waitFor();

      // The report of a check, on a phone in both themes.
      await onPhones(browser, await storedTokens(staffPage), '/admin/content', 'content-checked', async (phone) => {
        await phone.getByRole('button', { name: 'Check the folder' }).click();
        await phone
          .getByRole('status')
          .filter({ hasText: /^Ready to import/ })
          .waitFor({ timeout: 90_000 });
      });

      await staffPage.getByRole('link', { name: 'Audit log' }).click();
      await staffPage.getByRole('table', { name: 'Audit log entries' }).getByText('Content imported').first().waitFor();
    },
  );

  it('makes a class of single-use codes and saves them as CSV', async () => {
    await staffPage.getByRole('link', { name: 'Codes' }).click();
    await staffPage.getByRole('radio', { name: 'Many single-use codes' }).check();
    await staffPage.getByRole('textbox', { name: 'Prefix' }).fill('class7b');
    await staffPage.getByRole('button', { name: 'Create codes' }).click();
    await staffPage.getByText('25 codes created.', { exact: true }).waitFor();
    await tour.capture(staffPage, 'codes-batch', { revisit: false });
    const saved = await downloadFrom(staffPage, 'Download as CSV');
    expect(saved.name).toBe('codes-class7b-25.csv');
    const [header, ...rows] = saved.text.trimEnd().split('\r\n');
    expect(header).toBe('code,premium_days,points,required_points,expires_at');
    expect(rows).toHaveLength(25);
    expect(rows[0]).toMatch(/^CLASS7B-[A-HJ-NP-Z2-9]{10},30,0,0,$/);

    await onPhones(browser, await storedTokens(staffPage), '/admin/codes', 'codes-batch', async (phone) => {
      await phone.getByRole('radio', { name: 'Many single-use codes' }).check();
      await phone.getByRole('textbox', { name: 'How many codes' }).fill('3');
      await phone.getByRole('button', { name: 'Create codes' }).click();
      await phone.getByText('3 codes created.', { exact: true }).waitFor();
    });
  });

  it('lists learners by state and exports the list, which the audit log records', async () => {
    await staffPage.getByRole('link', { name: 'Learners' }).click();
    await staffPage.getByRole('combobox', { name: 'State' }).click();
    await staffPage.getByRole('option', { name: 'Disabled' }).click();
    await staffPage.waitForURL((address) => address.searchParams.get('state') === 'disabled');
    const table = staffPage.getByRole('table', { name: 'Learners' });
    await table.getByText('Disabled', { exact: true }).first().waitFor();
    await staffPage.waitForLoadState('networkidle');
    await tour.capture(staffPage, 'learners-disabled');
    const saved = await downloadFrom(staffPage, 'Download as CSV');
    expect(saved.name).toMatch(/^learners-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = saved.text.trimEnd().split('\r\n');
    expect(header!.split(',')).toContain('two_factor');
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((row) => row.includes(',yes,no,no,'))).toBe(true);

    await staffPage.getByRole('link', { name: 'Audit log' }).click();
    await staffPage.getByRole('table', { name: 'Audit log entries' }).getByText('Learners list downloaded').waitFor();
  });

  it('replies to feedback by mail and keeps a note beside it, both in its thread', async () => {
    const learner = await createVerifiedLearner('feedback');
    const tokens = await signInViaApi(learner);
    const sent = await fetch(url('/api/feedback/create/'), {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'The labs take a while to start.', rating: 3 }),
    });
    expect(sent.status).toBe(201);

    const since = new Date();
    const thread = `Reply or note: message from ${learner.username}`;
    await staffPage.getByRole('link', { name: 'Inbox' }).click();
    await staffPage.getByRole('button', { name: thread }).click();
    const dialog = staffPage.getByRole('dialog', { name: `Message from ${learner.username}` });
    await dialog.getByText('No reply or note yet.').waitFor();
    const box = dialog.getByRole('textbox', { name: 'Reply or note' });
    await box.fill('Checked the lab health page: a slow mirror.');
    await dialog.getByRole('button', { name: 'Add internal note' }).click();
    await staffPage.getByText('Note added.').waitFor();
    await box.fill('Thanks! Labs start faster from today.');
    await dialog.getByRole('button', { name: 'Mail reply' }).click();
    await staffPage.getByText('Reply mailed.').waitFor();
    const entries = dialog.getByRole('list', { name: 'Replies and notes' }).getByRole('listitem');
    await entries.nth(1).getByText(`Reply by ${staff.username} to ${learner.email}`, { exact: false }).waitFor();
    await expect.poll(() => entries.count()).toBe(2);
    await tour.capture(staffPage, 'inbox-thread', { revisit: false });

    const mail = await waitForMail(learner.email, { since });
    expect(mail.subject).toBe('Re: your feedback on Bastion');
    expect(mail.text).toContain('Thanks! Labs start faster from today.');
    expect(mail.text).not.toContain('slow mirror');

    await onPhones(browser, await storedTokens(staffPage), '/admin/inbox?status=all', 'inbox-thread', async (phone) => {
      await phone.getByRole('button', { name: thread }).click();
      await phone.getByRole('dialog').getByText('Thanks! Labs start faster from today.').waitFor();
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await staffPage.getByRole('link', { name: 'Audit log' }).click();
    const log = staffPage.getByRole('table', { name: 'Audit log entries' });
    for (const what of ['Reply mailed', 'Internal note added']) await log.getByText(what).first().waitFor();
  });

  // Eleven screens, each in three more looks: longer than the default minute on a loaded machine.
  it('is accessible and fits a phone in both themes', { timeout: 200_000 }, async () => {
    await tour.revisit(browser, await storedTokens(staffPage));
  });
});
