import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedLearner, signInViaApi, type Tokens } from '../support/accounts.ts';
import { TOKENS_STORAGE_KEY } from '../support/browser.ts';
import { url } from '../support/server.ts';
import { launchWebKit, type WebKit, type WebKitPage } from '../support/webkit.ts';

/** What the page says of the app: whether it has started, and the page's main heading. */
interface AppState {
  prerender: string | null;
  rootShown: boolean;
  heading: string | null;
}

const APP_STATE = `
  const root = document.getElementById('root');
  return {
    prerender: document.documentElement.dataset.prerender ?? null,
    rootShown: root !== null && getComputedStyle(root).visibility !== 'hidden' && getComputedStyle(root).display !== 'none',
    heading: document.querySelector('main h1')?.textContent ?? null,
  };`;

/** A signed-in learner's page in a fresh session: the tokens are in local storage, as the app stores them. */
async function signedInPage(webkit: WebKit, tokens: Tokens) {
  const page = await webkit.newPage();
  await page.goto(url('/robots.txt'));
  await page.evaluate('localStorage.setItem(arguments[0], arguments[1])', TOKENS_STORAGE_KEY, JSON.stringify(tokens));
  return page;
}

async function appState(page: WebKitPage): Promise<AppState> {
  return page.evaluate<AppState>(APP_STATE);
}

/**
 * WebKit (Safari's engine) on the server as `npm start` runs it: plain HTTP on localhost. The app's code is a
 * module script and its data same-origin API calls; WebKit upgraded both to https:// while the policy asked it to
 * (`upgrade-insecure-requests`, see apps/api/src/plugins/security-headers.ts), and a signed-in learner's page
 * stayed hidden. `npm run test:webkit`, not part of `npm test`.
 */
describe('in WebKit, over plain HTTP', () => {
  let webkit: WebKit;
  let tokens: Tokens;
  beforeAll(async () => {
    webkit = await launchWebKit();
    tokens = await signInViaApi(await createVerifiedLearner('webkit'));
  });
  afterAll(() => webkit?.close());

  it("starts the app on a signed-in learner's server-rendered page, and the page reaches the API", async () => {
    const page = await signedInPage(webkit, tokens);
    try {
      await page.goto(url('/'));
      // The stored session marks the server's page stale: it stays hidden until the app's module has run.
      await expect
        .poll(() => appState(page), { timeout: 15_000 })
        .toMatchObject({ prerender: null, rootShown: true, heading: expect.any(String) });
      const health = await page.evaluate<number>("return fetch('/api/health/').then((response) => response.status)");
      expect(health).toBe(200);
    } finally {
      await page.close();
    }
  });

  it("opens the learner's dashboard with their own data", async () => {
    const page = await signedInPage(webkit, tokens);
    try {
      await page.goto(url('/dashboard'));
      await expect.poll(async () => (await appState(page)).heading, { timeout: 15_000 }).toMatch(/^Welcome, /);
    } finally {
      await page.close();
    }
  });

  it('starts the app on each public page at a visitor’s first move, with nothing the policy refuses', async () => {
    const page = await webkit.newPage();
    try {
      for (const path of [
        '/',
        '/pricing',
        '/contact',
        '/login',
        '/register',
        '/forgot-password',
        '/privacy',
        '/terms',
      ]) {
        await page.goto(url(path));
        // The server's page starts the app at the visitor's first move (index.html); what the policy refuses from
        // then on is counted.
        await page.evaluate(
          `window.refused = [];
           document.addEventListener('securitypolicyviolation', (event) => window.refused.push(event.violatedDirective));
           dispatchEvent(new PointerEvent('pointermove'));`,
        );
        await expect
          .poll(() => appState(page), { timeout: 15_000 })
          .toMatchObject({ prerender: null, rootShown: true });
        const seen = await page.evaluate<[string, string[]]>(
          "return [document.querySelector('h1')?.textContent ?? '', window.refused]",
        );
        expect([path, seen[0] !== '', seen[1]]).toEqual([path, true, []]);
      }
    } finally {
      await page.close();
    }
  });
});
