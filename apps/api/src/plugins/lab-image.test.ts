import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { defaultLabRootfsDir } from './lab-image.ts';

describe("the lab image's root filesystem files", () => {
  let ctx: TestContext;
  let stored: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    stored = (await readdir(defaultLabRootfsDir)).find((name) => name.endsWith('.zst')) ?? '';
  });
  afterAll(() => ctx.close());

  it('serves a stored file by its hash, as it is, cached for good', async () => {
    expect(stored).toMatch(/^[0-9a-f]{64}\.zst$/);
    const response = await ctx.app.inject({ method: 'GET', url: `/assets/lab-image/${stored}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(await readFile(path.join(defaultLabRootfsDir, stored)))).toBe(true);
  });

  it.each([
    ['an unknown hash', `${'0'.repeat(64)}.zst`],
    ['a name that is not a hash', 'passwd'],
    ['a way out of the folder', '..%2F..%2Fmanifest.json'],
    ['an upper-case hash', `${'A'.repeat(64)}.zst`],
  ])('answers the JSON 404 for %s', async (_what, name) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/assets/lab-image/${name}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});
