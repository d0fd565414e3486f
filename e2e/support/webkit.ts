import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '@bastion/test-kit';

/**
 * WebKit, Safari's engine, as Debian packages it: WebKitGTK's WebDriver (`webkit2gtk-driver`) drives its MiniBrowser.
 * The driver speaks W3C WebDriver over HTTP, which this file calls with fetch (Playwright's WebKit is a build of its
 * own, downloaded; this one is installed from apt as the suite's Chromium is). MiniBrowser needs an X display:
 * `npm run test:webkit` runs under `xvfb-run`.
 */
export function webkitDriverPath(): string {
  return process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';
}

export function miniBrowserPath(): string {
  return process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
}

/** Throws when WebKit is missing: the check never skips silently. */
export function assertWebKit(): void {
  for (const executable of [webkitDriverPath(), miniBrowserPath()]) {
    if (existsSync(executable)) continue;
    throw new Error(
      `The WebKit check needs ${executable} (set WEBKIT_DRIVER_PATH and MINIBROWSER_PATH to use others). ` +
        'Install it with: apt-get install -y webkit2gtk-driver xvfb',
    );
  }
}

export interface WebKitPage {
  /** Navigates and waits for the page's load event. */
  goto(url: string): Promise<void>;
  /** Runs a function's body in the page with `arguments` as given; a returned promise is awaited. */
  evaluate<T>(body: string, ...args: unknown[]): Promise<T>;
  /** Clicks the first element matching a CSS selector, as a pointer would. */
  click(selector: string): Promise<void>;
  /** Types text into the element matching a CSS selector with real key events (`\n` presses Enter). */
  type(selector: string, text: string): Promise<void>;
  /** Resizes the browser's window (outer size, in CSS pixels). */
  resize(width: number, height: number): Promise<void>;
  /** A PNG of the page's viewport. */
  screenshot(): Promise<Buffer>;
}

export interface WebKit {
  /** A new browsing session (its own storage): MiniBrowser started afresh. */
  newPage(): Promise<WebKitPage & { close(): Promise<void> }>;
  close(): Promise<void>;
}

async function command<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { value: T };
  if (!response.ok) throw new Error(`WebDriver ${method} ${path}: HTTP ${response.status} ${JSON.stringify(answer)}`);
  return answer.value;
}

/** Starts WebKitWebDriver on a free port and waits until it answers. */
export async function launchWebKit(): Promise<WebKit> {
  assertWebKit();
  const port = await freePort();
  const driver: ChildProcess = spawn(webkitDriverPath(), [`--port=${port}`], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with code ${driver.exitCode}.`);
    try {
      if ((await fetch(`${base}/status`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('WebKitWebDriver did not answer within 10 s.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    async newPage() {
      const { sessionId } = await command<{ sessionId: string }>(base, 'POST', '/session', {
        capabilities: {
          alwaysMatch: {
            browserName: 'MiniBrowser',
            'webkitgtk:browserOptions': { binary: miniBrowserPath(), args: ['--automation'] },
          },
        },
      });
      const session = `/session/${sessionId}`;
      const find = async (selector: string) => {
        const found = await command<Record<string, string>>(base, 'POST', `${session}/element`, {
          using: 'css selector',
          value: selector,
        });
        return Object.values(found)[0]!;
      };
      return {
        goto: (url) => command(base, 'POST', `${session}/url`, { url }),
        // The async form: the page's result (awaited if a promise) is handed to the driver's callback.
        async evaluate<T>(body: string, ...args: unknown[]) {
          const result = await command<{ value: T } | { error: string }>(base, 'POST', `${session}/execute/async`, {
            script: `const done = arguments[arguments.length - 1];
              Promise.resolve().then(() => (function () { ${body} }).apply(null, Array.from(arguments).slice(0, -1)))
                .then((value) => done({ value }), (error) => done({ error: String(error) }));`,
            args,
          });
          if ('error' in result) throw new Error(`In WebKit: ${result.error}`);
          return result.value;
        },
        async click(selector) {
          await command(base, 'POST', `${session}/element/${await find(selector)}/click`, {});
        },
        async type(selector, text) {
          // WebDriver's key for Enter is U+E007.
          const keys = text.replaceAll('\n', '\uE007');
          await command(base, 'POST', `${session}/element/${await find(selector)}/value`, { text: keys });
        },
        resize: (width, height) => command(base, 'POST', `${session}/window/rect`, { width, height }),
        screenshot: async () => Buffer.from(await command<string>(base, 'GET', `${session}/screenshot`), 'base64'),
        close: () => command(base, 'DELETE', session),
      };
    },
    async close() {
      if (driver.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => driver.once('exit', () => resolve()));
      driver.kill('SIGTERM');
      await exited;
    },
  };
}
