import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedContent } from '@bastion/content';
import { createVerifiedLearner, signInViaApi, type Tokens } from '../support/accounts.ts';
import { collectEarnedBadges } from '../support/badge-dialog.ts';
import { launchBrowser, newPage, type Theme } from '../support/browser.ts';
import { runCli } from '../support/cli.ts';
import { screenshot } from '../support/screenshot.ts';
import { learningApi } from '../support/learning-api.ts';
import { url } from '../support/server.ts';

const WIDTHS = [1440, 375] as const;
const THEMES: Theme[] = ['dark', 'light'];

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('what a new learner trips over', () => {
  let browser: Browser;
  let tokens: Tokens;

  beforeAll(async () => {
    browser = await launchBrowser();
    tokens = await signInViaApi(await createVerifiedLearner('newcomer'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows every visitor the premium price, and the operator-less community section', async () => {
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const page = await newPage(browser, { theme, width });
        await page.goto(url('/pricing'));
        const premium = page.getByRole('article', { name: 'Premium' });
        await premium.getByText('$9', { exact: true }).waitFor();
        expect(await premium.textContent()).toContain('per month');
        await screenshot(page, `learner-pricing-${theme}-${width}`);
        await page.goto(url('/'));
        await page.locator('#forum').getByRole('link', { name: 'Write to the team' }).waitFor();
        expect(await page.getByRole('link', { name: /^Join on/ }).count()).toBe(0);
        expect(
          await page.locator('footer a[href="https://discord.com/"], footer a[href="https://t.me/"]').count(),
        ).toBe(0);
        await page.context().close();
      }
    }
  });

  it('redeems an upgrade code from the operator on the subscription page and becomes Premium', async () => {
    const code = `UP${Date.now().toString(36).toUpperCase()}`;
    await runCli('coupon', 'create', '--code', code, '--premium-days', '30');
    const learner = await signInViaApi(await createVerifiedLearner('upgrader'));
    // Enrolled in a free course with Premium modules before the upgrade: those stay locked, not enrolled.
    const api = learningApi(learner);
    const course = await api.course('web-security');
    await api.enrollCourse(course.id);
    const premiumModules = (await api.modules(course.id)).filter((module) => module.access === 'premium');
    expect(premiumModules.length).toBeGreaterThan(0);
    expect(premiumModules.every((module) => module.locked && !module.enrolled)).toBe(true);
    const page = await newPage(browser, { tokens: learner, theme: 'dark', width: 375 });
    await page.goto(url('/subscription'));
    // What Premium opens, by name: one of those modules among them.
    const opens = page.getByRole('region', { name: 'What Premium opens' });
    await opens.getByText(`${premiumModules[0]!.title} (${course.title})`).waitFor();
    const help = page.getByRole('region', { name: 'How to get Premium' });
    await help.waitFor();
    const contact = help.getByRole('link', { name: 'Contact support' });
    const contactBox = (await contact.boundingBox())!;
    // One line: the button is no taller than a single-line button.
    expect(contactBox.height).toBeLessThanOrEqual(40);
    await screenshot(page, 'learner-subscription-help-dark-375');
    await help.getByRole('textbox', { name: 'Upgrade code' }).fill(code.toLowerCase());
    await help.getByRole('button', { name: 'Redeem code' }).click();
    await page.getByText(/^Reward code redeemed successfully! Premium is yours until /).waitFor();
    // Redeeming a code earns a badge: its dialog hides the page until collected.
    await collectEarnedBadges(page);
    await page.getByRole('heading', { name: 'Extend Premium' }).waitFor();
    await page.getByText('Premium is active').waitFor();
    await screenshot(page, 'learner-subscription-upgraded-dark-375');
    // The course's Premium modules are the learner's now, with no Enroll of their own to press.
    await page.goto(url(`/courses/module/${premiumModules[0]!.id}/lessons`));
    await page.getByRole('heading', { name: premiumModules[0]!.title, level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Enroll', exact: true }).count()).toBe(0);
    const after = await api.modules(course.id);
    expect(after.filter((module) => module.access === 'premium').every((m) => m.enrolled && !m.locked)).toBe(true);
    await page.context().close();
  });

  it('answers a quiz of a module the learner never enrolled in: the note beside Submit, then enrolled by the answer', async () => {
    const learner = await signInViaApi(await createVerifiedLearner('walkin'));
    const api = learningApi(learner);
    const course = await api.course('linux-fundamentals');
    const [shell] = await api.modules(course.id);
    const quiz = (await api.items(shell!.id)).find((item) => item.title === 'Where Am I?')!;
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const page = await newPage(browser, { tokens: learner, theme, width });
        await page.goto(url(`/courses/module/${shell!.id}/lessons?item=${quiz.id}`));
        const field = page.getByRole('textbox', { name: 'Your answer' });
        await field.waitFor();
        expect(await field.isEnabled()).toBe(true);
        const note = page.getByText('You are not enrolled in The Shell yet: submitting your answer enrolls you.');
        await note.scrollIntoViewIfNeeded();
        expect(await note.isVisible()).toBe(true);
        await screenshot(page, `learner-enroll-note-${theme}-${width}`, { fullPage: false });
        await page.context().close();
      }
    }
    const page = await newPage(browser, { tokens: learner, theme: 'dark', width: 1440 });
    await page.goto(url(`/courses/module/${shell!.id}/lessons?item=${quiz.id}`));
    // The quiz's answer as the curriculum holds it (the learner would work it out in the lab).
    const quizContent = (await shippedContent()).courses
      .flatMap((c) => c.modules.flatMap((m) => m.items))
      .find((item) => item.type === 'quiz' && item.title === 'Where Am I?');
    const answer = quizContent?.type === 'quiz' ? quizContent.answers[0]! : '';
    await page.getByRole('textbox', { name: 'Your answer' }).fill(answer);
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByText(/^Solved\. Accepted answer:/).waitFor();
    expect((await api.modules(course.id))[0]).toMatchObject({ enrolled: true });
    await page.context().close();
  });

  it('says on a course page what it needs first, and renders descriptions without raw Markdown', async () => {
    const api = learningApi(tokens);
    const foundations = await api.course('security-foundations');
    const ladder = await api.course('linux-ladder');
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const page = await newPage(browser, { tokens, theme, width });
        await page.goto(url(`/courses/course/${foundations.id}/modules`));
        const needs = page.getByRole('region', { name: 'You will need' });
        await needs.getByRole('link', { name: 'Linux Fundamentals' }).waitFor();
        await screenshot(page, `learner-prerequisites-${theme}-${width}`, { fullPage: false });
        await page.goto(url(`/courses/course/${ladder.id}/modules`));
        const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
        await header.getByText('ladderN', { exact: true }).first().waitFor();
        expect(await header.locator('code').count()).toBeGreaterThan(0);
        expect(await header.textContent()).not.toContain('`');
        await page.context().close();
      }
    }
  });

  it('rings keyboard focus in both themes, and moves focus to the new page heading after navigation', async () => {
    for (const theme of THEMES) {
      const page = await newPage(browser, { tokens, theme, width: 1440 });
      await page.goto(url('/dashboard'));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await collectEarnedBadges(page);
      const courses = page.getByRole('navigation').getByRole('link', { name: 'Courses', exact: true });
      await courses.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const ring = await courses.evaluate((link) => {
        const style = getComputedStyle(link);
        return { width: style.outlineWidth, style: style.outlineStyle, focused: link.matches(':focus-visible') };
      });
      expect(ring).toEqual({ width: '2px', style: 'solid', focused: true });
      await screenshot(page, `learner-focus-${theme}`, { fullPage: false });
      await page.keyboard.press('Enter');
      await page.waitForURL('**/courses');
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1', undefined, { timeout: 5_000 });
      await page.context().close();
    }
  });

  it('shows toasts bottom-centre (R9), lifted clear of the reward-code field and its button', async () => {
    for (const width of WIDTHS) {
      const page = await newPage(browser, { tokens, theme: 'light', width });
      await page.goto(url('/profile'));
      await collectEarnedBadges(page);
      const field = page.getByRole('textbox', { name: 'Reward code' });
      await field.fill('NOT-A-CODE');
      const button = page.getByRole('button', { name: 'Redeem', exact: true });
      // The button at the very bottom of the screen: where a bottom-centre message lands.
      await button.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await button.click();
      const toast = page.locator('.MuiSnackbar-root');
      await toast.waitFor();
      await page.waitForTimeout(400);
      const box = (await toast.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(2);
      expect(box.y).toBeGreaterThan(viewport.height / 2 - box.height);
      for (const control of [field, button]) expect(overlaps(box, (await control.boundingBox())!)).toBe(false);
      await screenshot(page, `learner-toast-light-${width}`, { fullPage: false });
      await page.context().close();
    }
  });
});
