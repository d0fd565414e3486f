// `npm run bench:lighthouse`: Lighthouse (mobile emulation, simulated slow 4G, CPU slowdown BENCH_CPU_SLOWDOWN,
// 12× by default) on the public pages of the built product, served by the production server. It builds nothing:
// run `npm run build` first.
// The baseline, in the same run: a second server on a copy of the build without the page renderer, which
// answers every page with the plain single-page shell. Prints each page's scores and metrics (the median run)
// and the ratio of LCP. Figures are in bench/README.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
// @ts-expect-error plain ESM script shared with `npm start`, without type declarations
import { root, webBuildIsStale } from '../scripts/web-build.mjs';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium.ts';
import { measureAppStart, type AppStart } from './app-start.ts';
import { startProductionServer } from './production-server.ts';

const PAGES = ['/', '/login', '/pricing'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Lighthouse runs per page and server; the median run (by performance score) is reported. */
const runs = Number(process.env.BENCH_RUNS ?? 3);
/** The page renderer inside the build (apps/web/build/prerender-plugin.ts). */
const RENDERER_DIR = 'server';
/**
 * Lighthouse's mobile default is 4×. The host the public pages must stay light on is about 3× slower than the
 * machine these figures come from (bench/README.md), so 12× by default.
 */
const cpuSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 12);
const TARGET = { performance: 95, tbtMs: 200 };

const webDist = path.join(root as string, 'apps/web/dist');

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

/** The production server (`npm start` without the build step) on its own data directory and `webDist`. */

/** Chromium with a DevTools port for Lighthouse; resolves once the port is announced. */
function launchChromium(profileDir: string): Promise<{ port: number; process: ChildProcess }> {
  const chromium = spawn(
    chromiumPath(),
    ['--headless=new', ...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let stderr = '';
    chromium.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const port = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr)?.[1];
      if (port) resolve({ port: Number(port), process: chromium });
    });
    chromium.on('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${stderr}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

interface PageResult {
  scores: Record<string, number>;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
}

async function audit(url: string, port: number): Promise<PageResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    formFactor: 'mobile',
    throttling: { cpuSlowdownMultiplier: cpuSlowdown },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])),
    lcp: metric('largest-contentful-paint'),
    fcp: metric('first-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
}

/** Lighthouse now and then loses a run's trace (NO_NAVSTART); such a run is repeated, up to twice. */
async function retried<T>(attempt: () => Promise<T>): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await attempt();
    } catch (error) {
      if (failures >= 2) throw error;
      log(`  (run repeated: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

/** The median of `runs` Lighthouse runs, ranked by performance score, then LCP. */
async function medianAudit(url: string, port: number): Promise<PageResult> {
  const results: PageResult[] = [];
  for (let run = 0; run < runs; run++) results.push(await retried(() => audit(url, port)));
  results.sort((a, b) => (b.scores.performance ?? 0) - (a.scores.performance ?? 0) || a.lcp - b.lcp);
  return results[Math.floor(results.length / 2)]!;
}

function format(label: string, r: PageResult): string {
  const scores = CATEGORIES.map((id) => `${id} ${String(r.scores[id]).padStart(3)}`).join('  ');
  return (
    `  ${label.padEnd(22)} ${scores}   LCP ${(r.lcp / 1000).toFixed(2)} s  FCP ${(r.fcp / 1000).toFixed(2)} s` +
    `  TBT ${r.tbt.toFixed(0)} ms  CLS ${r.cls.toFixed(3)}`
  );
}

/** The median of `runs` starts of the app, by blocking time. */
async function medianAppStart(url: string, port: number): Promise<AppStart> {
  const results: AppStart[] = [];
  for (let run = 0; run < runs; run++) results.push(await measureAppStart(url, port, cpuSlowdown));
  results.sort((a, b) => a.blockingMs - b.blockingMs);
  return results[Math.floor(results.length / 2)]!;
}

function formatAppStart(start: AppStart): string {
  return (
    `  app start (${start.waited ? 'at the first interaction' : 'at load'}, DevTools ${cpuSlowdown}× CPU): ` +
    `hydrated ${(start.hydratedMs / 1000).toFixed(2)} s after its code was asked for, blocking ` +
    `${start.blockingMs.toFixed(0)} ms, longest task ${start.longestMs.toFixed(0)} ms`
  );
}

async function main() {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first.');
  }
  if ((webBuildIsStale as () => boolean)()) log('Note: apps/web/dist is older than its sources (`npm run build`).');
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'bastion-bench-lighthouse-'));
  // The baseline's build: the same files without the page renderer, so every page gets the shell.
  const shellDist = path.join(workDir, 'shell-dist');
  await cp(webDist, shellDist, {
    recursive: true,
    filter: (source) => path.relative(webDist, source).split(path.sep)[0] !== RENDERER_DIR,
  });
  const servers: ChildProcess[] = [];
  let chromium: ChildProcess | undefined;
  try {
    const prerendered = await startProductionServer(path.join(workDir, 'data-prerendered'), {
      WEB_DIST: webDist,
      JWT_SECRET: 'bench-lighthouse-secret-0123456789abcdef',
    });
    servers.push(prerendered.process);
    const shell = await startProductionServer(path.join(workDir, 'data-shell'), {
      WEB_DIST: shellDist,
      JWT_SECRET: 'bench-lighthouse-secret-0123456789abcdef',
    });
    servers.push(shell.process);
    // Each page once, so that no run waits for the server rendering its pages as it starts.
    for (const url of [prerendered.url, shell.url]) for (const page of PAGES) await fetch(`${url}${page}`);
    const browser = await launchChromium(path.join(workDir, 'profile'));
    chromium = browser.process;
    const load = () =>
      os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ');
    log(
      `Lighthouse, mobile, ${cpuSlowdown}× CPU slowdown, ${CATEGORIES.join(', ')}; median of ${runs} runs; ` +
        `${os.cpus().length} cores, load average ${load()}`,
    );
    let worstPerformance = 100;
    let worstTbt = 0;
    for (const page of PAGES) {
      log(page);
      // Interleaved per page, so both servers meet the same moments of a shared machine.
      const withPrerender = await medianAudit(`${prerendered.url}${page}`, browser.port);
      const withShell = await medianAudit(`${shell.url}${page}`, browser.port);
      log(format('prerendered', withPrerender));
      log(format('shell only (baseline)', withShell));
      log(`  LCP prerendered / shell: ${((100 * withPrerender.lcp) / withShell.lcp).toFixed(0)}%`);
      log(formatAppStart(await medianAppStart(`${prerendered.url}${page}`, browser.port)));
      worstPerformance = Math.min(worstPerformance, withPrerender.scores.performance ?? 0);
      worstTbt = Math.max(worstTbt, withPrerender.tbt);
    }
    const passed = worstPerformance >= TARGET.performance && worstTbt <= TARGET.tbtMs;
    log(
      `Prerendered pages: lowest performance ${worstPerformance} (target ≥ ${TARGET.performance}), highest TBT ` +
        `${worstTbt.toFixed(0)} ms (target ≤ ${TARGET.tbtMs} ms) ${passed ? 'PASS' : 'FAIL'}; load average ${load()}`,
    );
    process.exitCode = passed ? 0 : 1;
  } finally {
    // Their files go with the work directory: each must have exited first.
    await Promise.all([chromium, ...servers].map((child) => child && stop(child)));
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
