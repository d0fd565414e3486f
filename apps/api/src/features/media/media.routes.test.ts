import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { avatarPath } from './media.paths.ts';

let ctx: TestContext;
let avatarId: string;
let avatarBytes: Buffer;
beforeAll(async () => {
  ctx = await createTestApp();
  const owner = await createUser(ctx.db);
  avatarBytes = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#336699' } })
    .webp()
    .toBuffer();
  const [row] = await ctx.db
    .insert(media)
    .values({ ownerId: owner.id, kind: 'avatar', contentType: 'image/webp', data: avatarBytes })
    .returning({ id: media.id });
  avatarId = row!.id;
});
afterAll(() => ctx.close());

describe('GET /media/avatars/<uuid>.webp', () => {
  it('serves the stored bytes as WebP with nosniff and a long immutable cache', async () => {
    const res = await ctx.app.inject({ url: avatarPath(avatarId)! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(avatarBytes)).toBe(true);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('needs no sign-in, since avatars appear on public pages', async () => {
    const res = await ctx.app.inject({ url: `/media/avatars/${avatarId.toUpperCase()}.webp` });
    expect(res.statusCode).toBe(200);
  });

  it('answers a JSON 404 for unknown ids, other names and other kinds of media', async () => {
    const [other] = await ctx.db
      .insert(media)
      .values({ kind: 'attachment', contentType: 'image/webp', data: avatarBytes })
      .returning({ id: media.id });
    const urls = [
      `/media/avatars/${randomUUID()}.webp`,
      `/media/avatars/${avatarId}.png`,
      `/media/avatars/${avatarId}`,
      '/media/avatars/not-a-uuid.webp',
      `/media/avatars/..%2f${avatarId}.webp`,
      `/media/avatars/${other!.id}.webp`,
      `/media/${avatarId}.webp`,
    ];
    for (const url of urls) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});
