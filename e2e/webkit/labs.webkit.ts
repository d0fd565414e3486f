import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedLearner, signInViaApi, type Tokens } from '../support/accounts.ts';
import { TOKENS_STORAGE_KEY } from '../support/browser.ts';
import { firstModuleQuiz } from '../support/learning-api.ts';
import { url } from '../support/server.ts';
import { launchWebKit, type WebKit, type WebKitPage } from '../support/webkit.ts';
import {
  labScreen,
  labStatuses,
  pressButton,
  RECORD_LAB_STATUSES,
  typeInLab,
  waitForLabScreen,
} from '../support/webkit-lab.ts';

const PROMPT = 'student@lab:~$';
/** WebDriver's keys: Tab, and Control held until the null key lets it go. */
const TAB = '\uE004';
const CTRL_C = '\uE009c\uE000';

const prompts = (shown: string) => shown.split(PROMPT).length - 1;

/**
 * A lab in WebKit (WebKitGTK 2.50, Safari's engine), as a learner uses it: the quiz's lab starts from the shipped
 * ready state, answers typed commands (Tab completes, Ctrl+C interrupts), resets after a confirmation, follows the
 * window’s size, and after a reload starts warm from the state saved in IndexedDB. About 11 s on two cores.
 */
describe('a lab in WebKit', () => {
  let webkit: WebKit;
  let tokens: Tokens;
  let quizPath: string;
  beforeAll(async () => {
    webkit = await launchWebKit();
    tokens = await signInViaApi(await createVerifiedLearner('webkit-lab'));
    quizPath = (await firstModuleQuiz(tokens, 'linux-fundamentals', 'Grep the Config')).path;
  });
  afterAll(() => webkit?.close());

  async function startLab(page: WebKitPage) {
    await page.goto(url(quizPath));
    await page.evaluate(RECORD_LAB_STATUSES);
    await pressButton(page, 'Start lab');
    await waitForLabScreen(page, (shown) => shown.includes(PROMPT), 120_000);
  }

  it('starts, answers, resets, follows the window and starts warm after a reload', { timeout: 240_000 }, async () => {
    const page = await webkit.newPage();
    try {
      await page.goto(url('/robots.txt'));
      await page.evaluate(
        'localStorage.setItem(arguments[0], arguments[1])',
        TOKENS_STORAGE_KEY,
        JSON.stringify(tokens),
      );
      await startLab(page);
      expect(await labStatuses(page)).toContain('Downloading the lab machine…');

      await typeInLab(page, `cat app.c${TAB}\n`);
      await waitForLabScreen(page, (shown) => /db_port=\d+/.test(shown));
      // Ctrl+C once the program runs: typed while the shell is still starting it, it reaches the shell instead.
      await typeInLab(page, "sh -c 'echo running; exec sleep 60'\n");
      await waitForLabScreen(page, (shown) => /^running$/m.test(shown));
      await typeInLab(page, CTRL_C);
      await waitForLabScreen(page, (shown) => /^running\s+\^C\s*student@lab:~\$/m.test(shown));

      await typeInLab(page, 'touch mine.txt; ls\n');
      await waitForLabScreen(page, (shown) => /mine\.txt\s+notes\.txt/.test(shown));
      await pressButton(page, 'Reset');
      await pressButton(page, 'Reset lab');
      await waitForLabScreen(page, (shown) => prompts(shown) === 1 && !shown.includes('mine.txt'));
      await typeInLab(page, 'ls\n');
      await waitForLabScreen(page, (shown) => shown.includes('notes.txt'));
      expect(await labScreen(page)).not.toContain('mine.txt');

      // The guest's terminal follows the window: stty reports the new size once the window is narrower.
      const size = async () => {
        await typeInLab(page, 'clear; stty size\n');
        await waitForLabScreen(page, (shown) => /^\d+ \d+$/m.test(shown));
        return /^(\d+ \d+)$/m.exec(await labScreen(page))![1];
      };
      const before = await size();
      await page.resize(700, 600);
      await expect.poll(size, { timeout: 15_000, interval: 1000 }).not.toBe(before);

      // A reload: the lab's own state, saved in IndexedDB at its first prompt, restores without a download.
      await startLab(page);
      const statuses = await labStatuses(page);
      expect(statuses).toContain('Restoring the lab…');
      expect(statuses).not.toContain('Downloading the lab machine…');
      expect(statuses).not.toContain('Putting your files in place…');
      await typeInLab(page, 'ls\n');
      await waitForLabScreen(page, (shown) => shown.includes('notes.txt'));
    } finally {
      await page.close();
    }
  });
});
