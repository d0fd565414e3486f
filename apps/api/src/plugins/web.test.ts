import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';

const SCRIPT = `console.log(${JSON.stringify('bastion '.repeat(200))});`;

describe('serving the built web app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'bastion-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Bastion</title>');
    await writeFile(path.join(dist, 'assets/app.js'), SCRIPT);
    await writeFile(path.join(dist, 'assets/app.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(path.join(dist, 'assets/app.js.gz'), gzipSync(SCRIPT));
    ctx = await createTestApp({ env: { WEB_DIST: dist } });
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
});
