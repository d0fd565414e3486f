// `npm run bench:lab`: a lab start in headless Chromium against the production server (built web app, static files).
// Prints figures; it is not a test. Cold: a fresh browser profile (no HTTP cache, no saved machine state): the
// shipped ready state downloaded and restored, the lab set up and saved (docs/labs.md).
// Warm: the same profile again (image in the HTTP cache, the lab's own saved state in IndexedDB); "new lab": the same
// with the lab's own state forgotten (the ready state restored, the lab set up and saved). Then Reset, several times,
// and a tool's first use beside its next. The same again for the web course's largest lab (three Python services,
// a firewall, four hosts: its first start types nothing until the lab is saved again once its services have
// started, as for a learner who reads the question first), then the first start of its usual one (one Python target
// on one host). The floor,
// measured in the same run: a lab's own state restored in the running emulator and its guest answering (the page's
// `bastion:lab-restore` measure on each Reset); every start is also printed as a multiple of it.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
// @ts-expect-error plain ESM script shared with `npm start`, without type declarations
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium.ts';
import { LAB_STATES_STORED, median } from './lab-page.ts';
import { signInDemo, terminalQuiz, type QuizChoice } from './lab-sign-in.ts';
import { startProductionServer, stopProductionServer } from './production-server.ts';

const warmRuns = Number(process.env.BENCH_WARM_RUNS ?? 3);
const resets = Number(process.env.BENCH_RESETS ?? 10);
/** `BENCH_MBIT=20`: every page's link throttled to that many Mbit/s each way (Chromium's network emulation). */
const mbit = Number(process.env.BENCH_MBIT ?? 0);

/** Every figure is printed with the machine's load average of the last minute when it was taken. */
function log(line: string) {
  process.stdout.write(
    line.startsWith('\n') || line === '' ? `${line}\n` : `${line} [load ${os.loadavg()[0]!.toFixed(2)}]\n`,
  );
}

async function throttle(page: Page) {
  if (!mbit) return;
  const session = await page.context().newCDPSession(page);
  const bytesPerSecond = (mbit * 1_000_000) / 8;
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

/** The server process's CPU time so far (user + system), in ms, from /proc. */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** The plain lab (the first course's first lab quiz), and the web course's largest: three Python services and four hosts. */
const serviceLab: QuizChoice = { course: 'Web Application Security', quiz: 'What Did the Server Fetch?' };
/** The web course's usual lab: one host and one Python target (weblab), as 16 of its quizzes have. */
const webLab: QuizChoice = { course: 'Web Application Security', quiz: 'Break the Query' };

/** Bytes on the wire for every response from now on (page and worker), and whether each came from the network. */
function countBytes(page: Page) {
  const counted = { network: 0, requests: 0, cached: 0 };
  page.on('requestfinished', (request) => {
    void request.sizes().then((sizes) => {
      const body = sizes.responseBodySize;
      if (body > 0) {
        counted.network += body + sizes.responseHeadersSize;
        counted.requests++;
      } else counted.cached++;
    });
  });
  return counted;
}

type PageGlobals = { document: { querySelector(s: string): { textContent: string | null } | null } };
type FocusGlobals = { document: { activeElement: { closest(s: string): unknown } | null } };

/**
 * Times a start in the page (a script, since this file has no DOM types): from the click's event to the first change
 * of the terminal's rows that shows the prompt. What the learner waits for, without the driver's own latency (its
 * checks before it clicks, its polling for the prompt), which added up to a tenth of a second to every start.
 */
const promptWatch = (prompt: string) => `(() => {
  const times = (globalThis.__labStart = {});
  document.addEventListener('click', () => { times.click ??= performance.now(); }, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (times.click === undefined) return;
    if (!(document.querySelector('.xterm-rows')?.textContent ?? '').includes(${JSON.stringify(prompt)})) return;
    times.prompt = performance.now();
    observer.disconnect();
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

/** Opens the quiz page, then starts its lab: time, bytes and server CPU of the page load and of the lab start. */
async function startLab(
  context: BrowserContext,
  url: string,
  promptText: string,
  serverPid: number,
  { typeAtOnce = true } = {},
) {
  const page = await context.newPage();
  // What the page warns of (lab-session.ts says why a lab was set up again), shown should a typed command go unanswered.
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await throttle(page);
  const pageBytes = countBytes(page);
  const cpuPage = await cpuMs(serverPid);
  await page.goto(url);
  const start = page.getByRole('button', { name: 'Start lab' });
  await start.waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const cpuPageMs = (await cpuMs(serverPid)) - cpuPage;
  const bytes = countBytes(page);
  const cpuLab = await cpuMs(serverPid);
  await page.evaluate(promptWatch(promptText));
  const started = performance.now();
  await start.click();
  await page.waitForFunction(
    // Runs in the page: xterm's rows as text.
    (text) =>
      ((globalThis as unknown as PageGlobals).document.querySelector('.xterm-rows')?.textContent ?? '').includes(text),
    promptText,
    { timeout: 180_000, polling: 50 },
  );
  const inPage = Number(await page.evaluate('globalThis.__labStart.prompt - globalThis.__labStart.click'));
  const ms = Number.isFinite(inPage) ? inPage : performance.now() - started;
  const cpuLabMs = (await cpuMs(serverPid)) - cpuLab;
  // The prompt is drawn before the page shows the terminal and gives it the keyboard: a key typed in between goes to
  // the page, not the lab.
  await page.waitForFunction(
    () => (globalThis as unknown as FocusGlobals).document.activeElement?.closest('.xterm') != null,
    undefined,
    { polling: 20 },
  );
  // Usable: a command typed now is answered.
  if (typeAtOnce) await usable(page, warnings);
  await page.waitForTimeout(500);
  pageBytes.network -= bytes.network;
  pageBytes.requests -= bytes.requests;
  return { page, ms, bytes, pageBytes, cpuPageMs, cpuLabMs };
}

/** Types a command and waits for its answer: the lab is usable. */
async function usable(page: Page, warnings: string[] = []) {
  await page.keyboard.type('echo lab-$((6*7))\n');
  const screen = () => (globalThis as unknown as PageGlobals).document.querySelector('.xterm-rows')?.textContent ?? '';
  try {
    await page.waitForFunction(
      () =>
        ((globalThis as unknown as PageGlobals).document.querySelector('.xterm-rows')?.textContent ?? '').includes(
          'lab-42',
        ),
      undefined,
      { timeout: 60_000, polling: 50 },
    );
  } catch (error) {
    const shown = await page.evaluate(screen).catch(() => '(the page did not answer)');
    const warned = warnings.join(' | ') || 'nothing';
    throw new Error(`A typed command went unanswered for 60 s. The screen: ${shown}; the page warned: ${warned}`, {
      cause: error,
    });
  }
}

/** Forgets every lab's own saved state in the page's IndexedDB (apps/web/src/lib/lab/state-cache.ts), not the ready state. */
async function forgetLabStates(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url);
  // Runs in the page (this file has no DOM types): the lab's own states are the keys with '/lab-'.
  await page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('bastion-lab', 2);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const transaction = db.transaction(['states', 'entries'], 'readwrite');
      const keys = transaction.objectStore('entries').getAllKeys();
      keys.onsuccess = () => {
        for (const key of keys.result.filter((k) => String(k).includes('/lab-'))) {
          transaction.objectStore('states').delete(key);
          transaction.objectStore('entries').delete(key);
        }
      };
      transaction.oncomplete = () => { db.close(); resolve(); };
    };
  })`);
  await page.close();
}

/** Presses Reset `count` times on a running lab: each from the press to a prompt, then to a usable prompt. */
async function timeResets(page: Page, promptText: string, count: number) {
  const times: { prompt: number; usable: number }[] = [];
  const reset = page.getByRole('button', { name: 'Reset' });
  for (let round = 0; round < count; round++) {
    await page.keyboard.type('touch mine.txt\n');
    await page.waitForTimeout(300);
    // A lab the learner typed into asks before it is reset; the time runs from the answer.
    await reset.click();
    const confirm = page.getByRole('button', { name: 'Reset lab' });
    await confirm.waitFor();
    const started = performance.now();
    await confirm.click();
    // The terminal is cleared on Reset: the prompt shows again once the lab runs.
    await page.waitForFunction(
      (text) =>
        ((globalThis as unknown as PageGlobals).document.querySelector('.xterm-rows')?.textContent ?? '').includes(
          text,
        ),
      promptText,
      { timeout: 180_000, polling: 20 },
    );
    const prompt = performance.now() - started;
    await page.getByRole('textbox', { name: /^Lab terminal/ }).focus();
    await usable(page);
    times.push({ prompt, usable: performance.now() - started });
  }
  return times;
}

/**
 * The page's restores of a lab's own state (the `bastion:lab-restore` measure of lab-session.ts), in ms: into a new
 * emulator (a warm start) or into the running one (a Reset).
 */
async function restoreFloors(page: Page, emulatorRunning: boolean): Promise<number[]> {
  return page.evaluate(
    (running) =>
      performance
        .getEntriesByName('bastion:lab-restore')
        .filter((entry) => !!(entry as { detail?: { emulatorRunning?: boolean } }).detail?.emulatorRunning === running)
        .map((entry) => entry.duration),
    emulatorRunning,
  );
}

/** How many labs' own states the page's IndexedDB holds. */
const labStatesStored = (page: Page): Promise<number> => page.evaluate(LAB_STATES_STORED);

/** A first start saves the lab's own state after its prompt shows: the page stays open until it is stored. */
async function untilSaved(page: Page, before: number) {
  const started = performance.now();
  while ((await labStatesStored(page)) <= before) {
    if (performance.now() - started > 120_000) throw new Error('The lab state was not saved within 2 minutes.');
    await page.waitForTimeout(200);
  }
}

/**
 * A lab whose guest works on after its first prompt (its services finishing their start) is saved again once it has
 * settled, as a learner who reads the question first would have it: the page stays open until then, or 30 s.
 */
async function untilSavedOnceSettled(page: Page) {
  const labSettledSaveMark = 'bastion:lab-saved-settled'; // apps/web/src/lib/lab/settled-save.ts
  const started = performance.now();
  const settled = await page
    .waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, labSettledSaveMark, { timeout: 30_000 })
    .then(() => true)
    .catch(() => false);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  log(settled ? `saved again once settled, ${seconds} s after the first save` : 'not saved again within 30 s');
}

/** How many commands were timed, for their markers. */
let timed = 0;

/**
 * Types `command` and times it until it has printed all it prints: a marker echoed after it, computed by the shell
 * so that the typed line does not show it already. Every timed line is typed at the same length.
 */
async function timeCommand(page: Page, command: string) {
  const bytes = countBytes(page);
  const marker = 1000 + ++timed; // four digits while fewer than 9000 are timed: every line is typed at one length
  const started = performance.now();
  await page.keyboard.type(`${command}; echo done-$((${marker} + 0))\n`);
  const printed = `done-${marker}`;
  await page.waitForFunction(
    (text) =>
      ((globalThis as unknown as PageGlobals).document.querySelector('.xterm-rows')?.textContent ?? '').includes(text),
    printed,
    { timeout: 120_000, polling: 20 },
  );
  const ms = performance.now() - started;
  await page.waitForTimeout(300);
  return { ms, bytes };
}

async function rendererRss(context: BrowserContext): Promise<number> {
  const browser = context.browser()!;
  const session = await browser.newBrowserCDPSession();
  const info = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
  let total = 0;
  for (const process of info.processInfo.filter((p) => p.type === 'renderer')) {
    total += await rssMb(process.id).catch(() => 0);
  }
  await session.detach();
  return total;
}

type Run = Awaited<ReturnType<typeof startLab>>;

/** Every start of one lab in a profile whose HTTP cache already holds the image (or, first, not). */
async function benchLab(
  context: BrowserContext,
  base: string,
  serverPid: number,
  target: { path: string; prompt: string; title: string; tools: string[] },
  { cold }: { cold: boolean },
): Promise<number> {
  const url = `${base}${target.path}`;
  const starts: { label: string; run: Run }[] = [];
  const describe = (label: string, run: Run) => {
    starts.push({ label, run });
    log(
      `${label}: ${(run.ms / 1000).toFixed(2)} s from Start lab to a prompt; lab ${(run.bytes.network / 1e6).toFixed(3)} MB ` +
        `in ${run.bytes.requests} responses (${run.bytes.cached} from the cache), server CPU ${run.cpuLabMs.toFixed(0)} ms; ` +
        `page before it ${(run.pageBytes.network / 1e6).toFixed(3)} MB, server CPU ${run.cpuPageMs.toFixed(0)} ms`,
    );
  };
  log(`\n${target.title} (prompt ${target.prompt})`);
  const probe = await context.newPage();
  await probe.goto(url);
  const statesBefore = await labStatesStored(probe);
  await probe.close();
  // A learner who reads the question before typing: the lab is saved again once its services have started.
  const first = await startLab(context, url, target.prompt, serverPid, { typeAtOnce: cold });
  if (cold) {
    await untilSaved(first.page, statesBefore);
    describe('cold', first);
    log(
      `memory: renderer processes ${(await rendererRss(context)).toFixed(0)} MB RSS with the lab running (cold start)`,
    );
    await first.page.close();
  } else {
    describe('first start of this lab (ready state restored, lab set up and saved)', first);
    await untilSaved(first.page, statesBefore);
    await untilSavedOnceSettled(first.page);
    await usable(first.page);
    await first.page.close();
  }
  let floors: number[] = [];
  const newEmulatorFloors: number[] = [];
  for (let run = 1; run <= warmRuns; run++) {
    const warm = await startLab(context, url, target.prompt, serverPid);
    describe(`warm ${run}`, warm);
    newEmulatorFloors.push(...(await restoreFloors(warm.page, false)));
    if (run === warmRuns) {
      log(
        `memory: renderer processes ${(await rendererRss(context)).toFixed(0)} MB RSS with the lab running (warm start)`,
      );
      const times = await timeResets(warm.page, target.prompt, resets);
      const seconds = (ms: number) => (ms / 1000).toFixed(2);
      const sorted = (key: 'prompt' | 'usable') => times.map((t) => t[key]).sort((a, b) => a - b);
      for (const key of ['prompt', 'usable'] as const) {
        const all = sorted(key);
        log(
          `reset ×${all.length}, Reset → ${key === 'prompt' ? 'a prompt' : 'a usable prompt'}: ` +
            `${seconds(all[0]!)}–${seconds(all.at(-1)!)} s, median ${seconds(median(all))} s`,
        );
      }
      floors = await restoreFloors(warm.page, true);
      for (const command of ['nmap --version | head -1', 'curl --version | head -1']) {
        const used = await timeCommand(warm.page, command);
        const again = await timeCommand(warm.page, command);
        const tool = command.split(' ')[0]!;
        const named = target.tools.includes(tool) ? ' (the quiz names it: its files fetched after the prompt)' : '';
        log(
          `first use of ${tool}${named}: ${(used.ms / 1000).toFixed(2)} s, ` +
            `${((used.ms - again.ms) / 1000).toFixed(2)} s more than its next use (${(again.ms / 1000).toFixed(2)} s), ` +
            `${(used.bytes.network / 1e6).toFixed(3)} MB in ${used.bytes.requests} responses`,
        );
      }
    }
    await warm.page.close();
  }
  const floorLine = (label: string, values: number[]) => {
    const floor = median(values);
    log(
      `floor, ${label}, median of ${values.length}: ${floor.toFixed(0)} ms ` +
        `(${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}); starts as multiples of it: ` +
        starts.map(({ label: start, run }) => `${start} ${(run.ms / floor).toFixed(1)}×`).join(', '),
    );
  };
  floorLine(
    "the lab's own state restored in a new emulator, its guest answering (inside each warm start)",
    newEmulatorFloors,
  );
  floorLine('the same in the running emulator (each Reset)', floors);
  return first.ms;
}

async function main() {
  (ensureWebBuild as (options: { stdio: string }) => boolean)({ stdio: 'inherit' });
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-bench-lab-'));
  const { url, process: server } = await startProductionServer(path.join(workDir, 'data'), {
    SEED_DEMO: 'true',
    JWT_SECRET: 'bench-lab-start-secret-0123456789abcdef',
  });
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    const tokens = await signInDemo(url);
    const plain = await terminalQuiz(url, tokens.access);
    const withServices = await terminalQuiz(url, tokens.access, serviceLab);
    const usualWebLab = await terminalQuiz(url, tokens.access, webLab);
    log(
      `Lab starts, Chromium ${browser.version()}, ${os.cpus().length} cores${mbit ? `, the link at ${mbit} Mbit/s` : ''}`,
    );
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      storageState: {
        cookies: [],
        origins: [{ origin: url, localStorage: [{ name: 'bastion.tokens', value: JSON.stringify(tokens) }] }],
      },
    });
    await benchLab(context, url, server.pid!, plain, { cold: true });
    await forgetLabStates(context, `${url}${plain.path}`);
    const fresh = await startLab(context, `${url}${plain.path}`, plain.prompt, server.pid!);
    log(`new lab (ready state restored, lab set up and saved): ${(fresh.ms / 1000).toFixed(2)} s`);
    await fresh.page.close();
    const serviceFirst = await benchLab(context, url, server.pid!, withServices, { cold: false });
    log(`its first start as a multiple of the plain lab's (new lab): ${(serviceFirst / fresh.ms).toFixed(2)}×`);
    const web = await startLab(context, `${url}${usualWebLab.path}`, usualWebLab.prompt, server.pid!);
    log(
      `\n${usualWebLab.title} (one host, one Python target): first start ${(web.ms / 1000).toFixed(2)} s, ` +
        `${(web.ms / fresh.ms).toFixed(2)}× the plain lab's`,
    );
    await web.page.close();
    const idleStart = await cpuMs(server.pid!);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    log(`\nserver CPU while idle for 5 s (the floor): ${((await cpuMs(server.pid!)) - idleStart).toFixed(0)} ms`);
    log(`load at the end ${os.loadavg()[0]!.toFixed(2)}`);
  } finally {
    await browser.close();
    await stopProductionServer(server);
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
