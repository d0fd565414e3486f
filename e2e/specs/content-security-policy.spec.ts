import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedLearner, signInViaApi, type Tokens } from '../support/accounts.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { firstModuleQuiz } from '../support/learning-api.ts';
import { url } from '../support/server.ts';

/** What the page reports of the Content-Security-Policy it broke: directive, what was blocked, and where. */
interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/**
 * A caught violation throws nothing a learner sees and Chromium logs nothing of it; the page's
 * `securitypolicyviolation` events are all that tell (Firefox also writes one to the console).
 */
function recordViolations() {
  const violations: Violation[] = [];
  (window as unknown as { violations: Violation[] }).violations = violations;
  addEventListener('securitypolicyviolation', (event) =>
    violations.push({
      directive: event.effectiveDirective,
      blocked: event.blockedURI,
      source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
    }),
  );
}

describe('the Content-Security-Policy', () => {
  let browser: Browser;
  let tokens: Tokens;
  let quizPath: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    tokens = await signInViaApi(await createVerifiedLearner('csp'));
    quizPath = (await firstModuleQuiz(tokens, 'linux-fundamentals')).path;
  });
  afterAll(async () => {
    await browser?.close();
  });

  // zod's first schema tried `new Function` to see whether it may compile its parsers: an eval the policy blocks.
  it("is never broken by a signed-in learner's pages: the dashboard and a lab's quiz", async () => {
    const page = await newPage(browser, { tokens });
    await page.addInitScript(recordViolations);
    for (const pathname of ['/dashboard', quizPath]) {
      await page.goto(url(pathname));
      await page.locator('main h1').first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      const violations = await page.evaluate(() => (window as unknown as { violations: Violation[] }).violations);
      expect(violations, pathname).toEqual([]);
    }
    await page.context().close();
  });
});
