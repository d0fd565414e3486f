// `npm run bench:lab-firefox`: lab starts in headless Firefox ESR (WebDriver BiDi, Puppeteer) against the production
// server, beside `npm run bench:lab`'s Chromium figures. Prints figures; it is not a test. Cold: a fresh profile (the
// shipped ready state downloaded and restored, the lab set up and saved); warm: the same profile again (the lab's own
// state restored); then Reset, and the same for a lab with a web service and three hosts. Memory: the resident size
// of every Firefox process with the lab running.
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
// @ts-expect-error plain ESM script shared with `npm start`, without type declarations
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { firefoxPath } from '../e2e/support/firefox.ts';
import { enabledButton, LAB_STATES_STORED, median, RESET_RESTORES, screenShows } from './lab-page.ts';
import { signInDemo, terminalQuiz, type QuizChoice } from './lab-sign-in.ts';
import { startProductionServer, stopProductionServer } from './production-server.ts';

const warmRuns = Number(process.env.BENCH_WARM_RUNS ?? 3);
const resets = Number(process.env.BENCH_RESETS ?? 10);
const serviceLab: QuizChoice = { course: 'Web Application Security', quiz: 'What Did the Server Fetch?' };

function log(line: string) {
  process.stdout.write(`${line} [load ${os.loadavg()[0]!.toFixed(2)}]\n`);
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function waitForScreen(page: Page, text: string, without?: string) {
  await page.waitForFunction(screenShows(text, without), { timeout: 180_000, polling: 20 });
}

/** Types a command and waits for its answer: the lab is usable. */
async function usable(page: Page) {
  await page.focus('.xterm-helper-textarea');
  await page.keyboard.type('echo lab-$((6*7))\n');
  await waitForScreen(page, 'lab-42');
}

async function pressButton(page: Page, name: string) {
  const button = await page.waitForFunction(enabledButton(name), { timeout: 60_000, polling: 50 });
  await (button as unknown as { click(): Promise<void> }).click();
}

/** Opens the quiz page and starts its lab: the time from Start lab to a prompt. */
async function startLab(browser: Browser, url: string, prompt: string) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(url);
  const started = performance.now();
  await pressButton(page, 'Start lab');
  await waitForScreen(page, prompt);
  const ms = performance.now() - started;
  await usable(page);
  return { page, ms };
}

/** The resident size of a process and its descendants, in MB, from /proc. */
async function treeRssMb(pid: number): Promise<number> {
  const children = new Map<number, number[]>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const parent = Number(stat.split(') ')[1]?.split(' ')[1]);
    if (parent) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  let total = 0;
  const visit = async (id: number) => {
    const status = await readFile(`/proc/${id}/status`, 'utf8').catch(() => '');
    total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    for (const child of children.get(id) ?? []) await visit(child);
  };
  await visit(pid);
  return total;
}

async function untilSaved(page: Page, before: number) {
  const started = performance.now();
  while (((await page.evaluate(LAB_STATES_STORED)) as number) <= before) {
    if (performance.now() - started > 120_000) throw new Error('The lab state was not saved within 2 minutes.');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function timeResets(page: Page, prompt: string) {
  const times: number[] = [];
  for (let round = 0; round < resets; round++) {
    await page.keyboard.type('touch mine.txt\n');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await pressButton(page, 'Reset');
    await pressButton(page, 'Reset lab');
    const started = performance.now();
    await waitForScreen(page, prompt, 'mine.txt');
    await usable(page);
    times.push(performance.now() - started);
  }
  return times;
}

async function benchLab(browser: Browser, url: string, target: { prompt: string; title: string }, cold: boolean) {
  log(`\n${target.title} (prompt ${target.prompt})`);
  const probe = await browser.newPage();
  await probe.goto(url);
  const before = (await probe.evaluate(LAB_STATES_STORED)) as number;
  await probe.close();
  const first = await startLab(browser, url, target.prompt);
  await untilSaved(first.page, before);
  log(
    `${cold ? 'cold' : 'first start of this lab (ready state restored, lab set up and saved)'}: ${seconds(first.ms)} s`,
  );
  log(`memory: Firefox's processes ${(await treeRssMb(browser.process()!.pid!)).toFixed(0)} MB RSS, the lab running`);
  await first.page.close();
  const warm: number[] = [];
  for (let run = 1; run <= warmRuns; run++) {
    const started = await startLab(browser, url, target.prompt);
    warm.push(started.ms);
    if (run === warmRuns) {
      const times = await timeResets(started.page, target.prompt);
      const restores = (await started.page.evaluate(RESET_RESTORES)) as number[];
      log(
        `reset ×${times.length}, Reset → a usable prompt: ${seconds(Math.min(...times))}–${seconds(Math.max(...times))} s, ` +
          `median ${seconds(median(times))} s; restore in the running emulator, median ${median(restores).toFixed(0)} ms`,
      );
    }
    await started.page.close();
  }
  log(`warm ×${warm.length}: ${warm.map(seconds).join(', ')} s, median ${seconds(median(warm))} s`);
}

async function main() {
  (ensureWebBuild as (options: { stdio: string }) => boolean)({ stdio: 'inherit' });
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-bench-firefox-'));
  const { url, process: server } = await startProductionServer(path.join(workDir, 'data'), {
    SEED_DEMO: 'true',
    JWT_SECRET: 'bench-lab-start-secret-0123456789abcdef',
  });
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath(), headless: true });
  try {
    const tokens = await signInDemo(url);
    const plain = await terminalQuiz(url, tokens.access);
    const withServices = await terminalQuiz(url, tokens.access, serviceLab);
    log(`Lab starts, ${await browser.version()}, ${os.cpus().length} cores`);
    const page = await browser.newPage();
    await page.goto(`${url}/robots.txt`);
    await page.evaluate(`localStorage.setItem('bastion.tokens', ${JSON.stringify(JSON.stringify(tokens))})`);
    await page.close();
    await benchLab(browser, `${url}${plain.path}`, plain, true);
    await benchLab(browser, `${url}${withServices.path}`, withServices, false);
  } finally {
    await browser.close();
    await stopProductionServer(server);
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
