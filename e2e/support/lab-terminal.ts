import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What the lab's terminal shows, as text. */
export const screenText = (page: Page) => page.locator('.xterm-rows').innerText();

export async function waitForScreen(page: Page, text: string | RegExp, timeout = 30_000) {
  await expect
    .poll(
      async () => {
        const shown = await screenText(page);
        return typeof text === 'string' ? shown.includes(text) : text.test(shown);
      },
      { timeout, interval: 100 },
    )
    .toBe(true);
}

/**
 * Types a command line into the lab's terminal, as the learner would, looking at it: xterm.js draws nothing while its
 * screen is out of view, so a terminal scrolled away (after the window turned, say) would never show the answer.
 */
export async function run(page: Page, label: string, command: string) {
  await page.locator('.xterm-screen').scrollIntoViewIfNeeded();
  await page.getByRole('textbox', { name: `Lab terminal, ${label}` }).focus();
  await page.keyboard.type(`${command}\n`);
}

/**
 * Presses Reset on a lab the learner typed into, and answers its question: the lab is reset. With `keepFocus` the
 * buttons are pressed without taking the keyboard from the terminal, which has it again once the question closes.
 */
export async function resetTypedLab(page: Page, { keepFocus = false } = {}) {
  const press = async (name: string) => {
    const button = page.getByRole('button', { name, exact: true });
    if (keepFocus) await button.evaluate((element: HTMLElement) => element.click());
    else await button.click();
  };
  await press('Reset');
  await page.getByRole('dialog', { name: 'Reset the lab?' }).waitFor();
  await press('Reset lab');
}

/**
 * Presses Start lab and waits for the lab's prompt. The start shows its progress first, unless it is over before a
 * look at the page finds it (a warm start takes half a second): the prompt then stands for it.
 */
export async function startLab(page: Page, prompt: string, timeout: number) {
  await page.getByRole('button', { name: 'Start lab' }).click();
  const progress = page
    .getByRole('status')
    .filter({
      hasText: /Downloading|Starting Linux|Restoring|Putting your files|Connecting|Starting|Opening your shell/,
    })
    .first();
  const prompted = waitForScreen(page, prompt, timeout);
  await Promise.race([progress.waitFor(), prompted]);
  await prompted;
}

/** The terminal's grid as xterm.js draws it: its rows, and its width in cells of a font that keeps its size. */
export async function terminalGrid(page: Page) {
  return page.evaluate(() => {
    const screen = document.querySelector('.xterm-screen') as HTMLElement;
    const rows = document.querySelectorAll('.xterm-rows > div').length;
    const fontSize = getComputedStyle(document.querySelector('.xterm-rows') as HTMLElement).fontSize;
    return { rows, width: screen.getBoundingClientRect().width, fontSize };
  });
}

let reads = 0;

/**
 * Runs `command` in the lab and returns what it printed (one line), echoed as `v<n>=<value>=end` under a name used
 * once: the typed line shows only `v<n>=$(`, and a value counts once its end has arrived (the guest's output comes
 * in pieces).
 */
export async function readValue(page: Page, label: string, command: string): Promise<string> {
  const name = `v${++reads}`;
  await run(page, label, `echo "${name}=$(${command})=end"`);
  const pattern = new RegExp(`${name}=([^$\\n][^\\n]*?|)=end`);
  let value = '';
  await expect
    .poll(
      async () => {
        const found = pattern.exec(await screenText(page));
        value = found?.[1]?.trim() ?? '';
        return found !== null;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
  return value;
}

/** `stty size` in the guest: the size the learner's programs see. */
export async function sttySize(page: Page, label: string) {
  const [rows, columns] = (await readValue(page, label, 'stty size')).split(' ').map(Number);
  return { rows: rows!, columns: columns! };
}
