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

/** Types a command line into the lab's terminal, as the learner would. */
export async function run(page: Page, label: string, command: string) {
  await page.getByRole('textbox', { name: `Lab terminal, ${label}` }).focus();
  await page.keyboard.type(`${command}\n`);
}

/** Presses Start lab and waits for the lab's prompt. */
export async function startLab(page: Page, prompt: string, timeout: number) {
  await page.getByRole('button', { name: 'Start lab' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /Downloading|Starting Linux|Restoring|Putting your files/ })
    .first()
    .waitFor();
  await waitForScreen(page, prompt, timeout);
}
