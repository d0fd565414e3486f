// The app's start on a public page, which Lighthouse's load no longer sees: the page loaded in the bench's
// Chromium with DevTools' CPU throttling (not simulated), the app started as the page starts it (at once, or at
// the first interaction: a mouse move), then its long tasks until it has hydrated the page and two seconds more.
import { chromium } from 'playwright-core';

export interface AppStart {
  /** Whether the app waited for the interaction. */
  waited: boolean;
  /** From the app's code being asked for to the page handed over (milliseconds, throttled). */
  hydratedMs: number;
  /** Sum of each long task's time over 50 ms from the app's start (what TBT counts), and the longest. */
  blockingMs: number;
  longestMs: number;
}

interface Marks {
  startedAt: number;
  hydratedAt: number;
  tasks: [number, number][];
}

/**
 * Runs in the page before its own scripts (this file has no DOM types). The app starts when index.html's script
 * adds its entry; it has hydrated the page when no control waits for it (`data-until-hydrated`) and the page is
 * no longer marked as waiting for it.
 */
const INSTRUMENT = `
  const marks = (window.appStart = { startedAt: null, hydratedAt: null, tasks: [] });
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) marks.tasks.push([task.startTime, task.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver(() => {
    if (marks.startedAt === null && document.querySelector('head > script[type="module"]')) {
      marks.startedAt = performance.now();
    }
    const waiting = document.documentElement.dataset.prerender || document.querySelector('[data-until-hydrated]');
    if (marks.startedAt !== null && marks.hydratedAt === null && !waiting) marks.hydratedAt = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true });
`;

export async function measureAppStart(url: string, port: number, cpuSlowdown: number): Promise<AppStart> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.addInitScript(INSTRUMENT);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(1000);
    const waited = (await page.evaluate('document.documentElement.dataset.prerender')) === 'waiting';
    if (waited) await page.mouse.move(10, 10);
    // Polled from here: the page's CSP allows no script built from a string in the page, as waitForFunction does.
    for (const deadline = Date.now() + 120_000; (await page.evaluate('window.appStart.hydratedAt')) === null;) {
      if (Date.now() > deadline) throw new Error(`${url}: the app did not hydrate the page`);
      await page.waitForTimeout(50);
    }
    await page.waitForTimeout(2000);
    const marks = (await page.evaluate('window.appStart')) as Marks;
    const tasks = marks.tasks.filter(([start]) => start >= marks.startedAt).map(([, duration]) => duration);
    return {
      waited,
      hydratedMs: marks.hydratedAt - marks.startedAt,
      blockingMs: tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      longestMs: Math.max(0, ...tasks),
    };
  } finally {
    await context.close();
    // Disconnects from the bench's Chromium, which goes on running for Lighthouse.
    await browser.close();
  }
}
