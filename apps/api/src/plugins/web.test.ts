import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';

const SCRIPT = `console.log(${JSON.stringify('bastion '.repeat(200))});`;
const FIRST_PAINT_SCRIPT = "document.documentElement.dataset.theme = 'dark';";
const SHELL = `<!doctype html><title>Bastion</title><script>${FIRST_PAINT_SCRIPT}</script><div id="root"></div>`;
/** The public pages of the fake build, by heading. */
const HEADINGS: Record<string, string> = {
  '/': 'Learn security by doing it, one command at a time.',
  '/login': 'Sign in',
  '/pricing': 'Start free. Upgrade when you want more.',
};
/**
 * A page renderer as the web build writes one (dist/server/render-page.mjs): it fills index.html's #root, here
 * with the page's heading and the data the server gave it.
 */
const RENDERER = `
const HEADINGS = ${JSON.stringify(HEADINGS)};
export const PRERENDERED_PAGES = Object.keys(HEADINGS);
export async function renderDocument(template, pathname, data) {
  const page = '<main><h1>' + HEADINGS[pathname] + '</h1><pre>' + JSON.stringify(data) + '</pre></main>';
  return template.replace('<div id="root"></div>', '<div id="root">' + page + '</div>');
}
`;

async function webBuild(renderer: string): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'bastion-web-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, 'server'));
  await writeFile(path.join(dist, 'index.html'), SHELL);
  await writeFile(path.join(dist, 'server/render-page.mjs'), renderer);
  // An older build shipped a static robots.txt: the server's own is answered instead.
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  await writeFile(path.join(dist, 'assets/app.js'), SCRIPT);
  await writeFile(path.join(dist, 'assets/app.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(dist, 'assets/app.js.gz'), gzipSync(SCRIPT));
  return dist;
}

describe('serving the built web app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      // Behind a proxy that says which requests arrived over TLS (X-Forwarded-Proto).
      env: { WEB_DIST: await webBuild(RENDERER), SUPPORT_EMAIL: 'help@bastion.test', TRUST_PROXY: 'on' },
    });
  });
  afterAll(() => ctx.close());

  it('sends the brotli copy of an asset to a browser that accepts it, cached for good', async () => {
    const res = await ctx.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('falls back to gzip, and to the plain file when the browser accepts neither', async () => {
    const gzip = await ctx.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers client routes with index.html, unknown API paths with the JSON 404', async () => {
    const page = await ctx.app.inject({ url: '/courses/module/x/lessons' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const api = await ctx.app.inject({ url: '/api/no-such-thing/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers a missing file with the JSON 404, never with index.html', async () => {
    const asScript = { accept: '*/*' };
    for (const url of [
      '/assets/missing-chunk.js',
      '/assets/app.css',
      '/assets/nested/logo',
      '/assets',
      '/favicon.ico',
    ]) {
      const res = await ctx.app.inject({ url, headers: asScript });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: 'Not found.' });
    }
    const navigatedToAsset = await ctx.app.inject({ url: '/assets/missing.js', headers: { accept: 'text/html' } });
    expect(navigatedToAsset.statusCode).toBe(404);
  });

  it('still opens client routes, a file-like one (a username with a dot) only when a browser navigates to it', async () => {
    const navigation = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const url of ['/modules/abc', '/modules', '/profile/ada.js']) {
      const res = await ctx.app.inject({ url, headers: navigation });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
    expect((await ctx.app.inject({ url: '/modules/abc' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/profile/ada.js', headers: { accept: '*/*' } })).statusCode).toBe(404);
  });

  it('answers the public pages rendered with its own settings, compressed, and every other page with the shell', async () => {
    const navigation = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'gzip, br' };
    const hash = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;
    for (const [url, heading] of Object.entries(HEADINGS)) {
      const res = await ctx.app.inject({ url, headers: navigation });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toContain('accept-encoding');
      // No inline script runs but the first-paint one, allowed by its hash.
      expect(res.headers['content-security-policy'], url).toContain(`script-src 'self' 'wasm-unsafe-eval' ${hash}`);
      const html = brotliDecompressSync(res.rawPayload).toString();
      expect(html, url).toContain(`<h1>${heading}</h1>`);
      // Rendered with what GET /api/config/ and GET /api/subscription/plans/ answer.
      const data = JSON.parse(/<pre>(.*)<\/pre>/.exec(html)![1]!) as Record<string, unknown>;
      const [config, plans] = await Promise.all(
        ['/api/config/', '/api/subscription/plans/'].map(async (api) => (await ctx.app.inject({ url: api })).json()),
      );
      expect(data, url).toEqual({ config, plans });
      expect(config).toMatchObject({ support_email: 'help@bastion.test' });
    }
    const gzip = await ctx.app.inject({ url: '/login', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ url: '/login', headers: { accept: 'text/html' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain(`<h1>${HEADINGS['/login']}</h1>`);
    const again = await ctx.app.inject({
      url: '/login',
      headers: { accept: 'text/html', 'if-none-match': plain.headers.etag },
    });
    expect(again.statusCode).toBe(304);
    const withQuery = await ctx.app.inject({ url: '/pricing/?plan=premium', headers: { accept: 'text/html' } });
    expect(withQuery.body).toContain(`<h1>${HEADINGS['/pricing']}</h1>`);
    for (const url of ['/dashboard', '/register', '/courses/module/x/lessons', '/index.html']) {
      const res = await ctx.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
      expect(res.headers['content-security-policy'], url).toContain(hash);
    }
    // A page that arrived over TLS asks to upgrade insecure requests; one over plain HTTP does not (WebKit would
    // send the app's own scripts to https://, see security-headers.ts), and keeps the rest of the policy.
    for (const url of ['/login', '/dashboard']) {
      const overTls = await ctx.app.inject({ url, headers: { accept: 'text/html', 'x-forwarded-proto': 'https' } });
      const overHttp = await ctx.app.inject({ url, headers: { accept: 'text/html' } });
      expect(overTls.headers['content-security-policy'], url).toContain(hash);
      expect(overTls.headers['content-security-policy'], url).toContain('upgrade-insecure-requests');
      expect(overHttp.headers['content-security-policy'], url).toBe(
        String(overTls.headers['content-security-policy']).replace('upgrade-insecure-requests;', ''),
      );
    }
    // Other answers keep the site-wide policy, which allows no inline script.
    const api = await ctx.app.inject({ url: '/api/no-such-thing/' });
    expect(api.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
    // The renderer is the server's: it is not a file of the site.
    const renderer = await ctx.app.inject({ url: '/server/render-page.mjs', headers: { accept: '*/*' } });
    expect(renderer.statusCode).toBe(404);
  });

  it('answers robots.txt as plain text: public pages open, the API and the signed-in app closed, the sitemap named', async () => {
    const res = await ctx.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const rules = res.body.split('\n');
    expect(rules[0]).toBe('User-agent: *');
    expect(rules).toContain('Allow: /');
    for (const path of ['/api/', '/media/', '/dashboard', '/courses', '/profile', '/reset-password/']) {
      expect(rules).toContain(`Disallow: ${path}`);
    }
    expect(rules.some((rule) => /^Disallow: \/(pricing|login|contact)?$/.test(rule))).toBe(false);
    expect(rules).toContain('Sitemap: http://bastion.test/sitemap.xml');
  });

  it('lists the public pages in the sitemap, at the address learners use', async () => {
    const res = await ctx.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(['http://bastion.test/', 'http://bastion.test/login', 'http://bastion.test/pricing']);
  });

  it('answers HEAD as GET, with the same status and headers and no body', async () => {
    const navigation = { accept: 'text/html', 'accept-encoding': 'gzip, br' };
    const cases: [string, Record<string, string>][] = [
      ['/', navigation],
      ['/login', navigation],
      ['/pricing', {}],
      ['/dashboard', navigation],
      ['/courses/module/x/lessons', {}],
      ['/assets/app.js', { 'accept-encoding': 'br' }],
      ['/robots.txt', {}],
      ['/sitemap.xml', {}],
      ['/api/health/', {}],
      ['/api/config/', {}],
      ['/assets/missing.js', {}],
      ['/api/no-such-thing/', {}],
    ];
    for (const [url, headers] of cases) {
      const get = await ctx.app.inject({ method: 'GET', url, headers });
      const head = await ctx.app.inject({ method: 'HEAD', url, headers });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.headers['content-encoding'], url).toBe(get.headers['content-encoding']);
      expect(head.headers['cache-control'], url).toBe(get.headers['cache-control']);
      expect(head.rawPayload.length, url).toBe(0);
      expect(get.rawPayload.length, url).toBeGreaterThan(0);
    }
    const page = await ctx.app.inject({ method: 'HEAD', url: '/login', headers: navigation });
    expect(page.statusCode).toBe(200);
    expect(page.headers.etag).toEqual(expect.any(String));
    const fresh = await ctx.app.inject({
      method: 'HEAD',
      url: '/login',
      headers: { 'if-none-match': page.headers.etag! },
    });
    expect(fresh.statusCode).toBe(304);
  });
});

describe('a build whose page renderer fails', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const broken =
      'export const PRERENDERED_PAGES = ["/"]; export async function renderDocument() { throw new Error("broken"); }';
    ctx = await createTestApp({ env: { WEB_DIST: await webBuild(broken) } });
  });
  afterAll(() => ctx.close());

  it('answers the public pages with the shell, and says why in the log', async () => {
    const res = await ctx.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
    expect(ctx.logs.join('')).toContain('the public pages could not be rendered');
  });
});
