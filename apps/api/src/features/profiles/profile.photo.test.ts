import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@bastion/contract';
import { media, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { PROFILE_MESSAGES } from './profile.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const PHOTO_URL = '/api/users/profile/photo/';

/** A multipart/form-data body with one file part. */
function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----bastion${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function image(format: 'png' | 'jpeg' | 'webp', width = 640, height = 480): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return base[format]().toBuffer();
}

async function signedIn() {
  const user = await createUser(ctx.db);
  const { authorization } = await authHeader(ctx.app, user.id);
  return { user, headers: { authorization } };
}

async function upload(headers: Record<string, string>, body: ReturnType<typeof multipart>) {
  return ctx.app.inject({
    method: 'POST',
    url: PHOTO_URL,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

async function photoIdOf(userId: string) {
  const [row] = await ctx.db.select({ photoId: users.photoId }).from(users).where(eq(users.id, userId));
  return row!.photoId;
}

async function avatarRowsOf(userId: string) {
  return ctx.db
    .select({ id: media.id, kind: media.kind, contentType: media.contentType })
    .from(media)
    .where(eq(media.ownerId, userId));
}

describe('POST /api/users/profile/photo/', () => {
  for (const format of ['png', 'jpeg', 'webp'] as const) {
    it(`accepts a ${format.toUpperCase()} and serves it as a 256×256 WebP`, async () => {
      const { user, headers } = await signedIn();
      const res = await upload(
        headers,
        multipart('photo', `me.${format}`, `image/${format}`, await image(format, 900, 300)),
      );
      expect(res.statusCode).toBe(200);
      const photoId = await photoIdOf(user.id);
      expect(photoId).toBeTruthy();
      expect(res.json()).toMatchObject({ id: user.id, photo: `/media/avatars/${photoId}.webp` });
      expect(await avatarRowsOf(user.id)).toEqual([{ id: photoId, kind: 'avatar', contentType: 'image/webp' }]);

      const served = await ctx.app.inject({ url: res.json().photo });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    });
  }

  it('strips metadata such as EXIF from the stored image', async () => {
    const { headers } = await signedIn();
    const tagged = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location-tag', Artist: 'Ada' } })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const res = await upload(headers, multipart('photo', 'me.jpg', 'image/jpeg', tagged));
    const served = await ctx.app.inject({ url: res.json().photo });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-location-tag'))).toBe(false);
  });

  it('replaces the previous photo and deletes its row', async () => {
    const { user, headers } = await signedIn();
    const first = await upload(headers, multipart('photo', 'a.png', 'image/png', await image('png')));
    const firstId = await photoIdOf(user.id);
    const second = await upload(headers, multipart('photo', 'b.webp', 'image/webp', await image('webp')));
    expect(second.statusCode).toBe(200);
    const secondId = await photoIdOf(user.id);
    expect(secondId).not.toBe(firstId);
    expect(await avatarRowsOf(user.id)).toEqual([{ id: secondId, kind: 'avatar', contentType: 'image/webp' }]);
    expect(await ctx.db.select({ id: media.id }).from(media).where(eq(media.id, firstId!))).toEqual([]);
    expect((await ctx.app.inject({ url: first.json().photo })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: second.json().photo })).statusCode).toBe(200);
  });

  it('keeps exactly one photo row when uploads race', async () => {
    const { user, headers } = await signedIn();
    const bodies = await Promise.all(
      [1, 2, 3, 4].map(async () => multipart('photo', 'p.png', 'image/png', await image('png'))),
    );
    const results = await Promise.all(bodies.map((body) => upload(headers, body)));
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const photoId = await photoIdOf(user.id);
    expect(await avatarRowsOf(user.id)).toEqual([{ id: photoId, kind: 'avatar', contentType: 'image/webp' }]);
  });

  it('answers 413 over 2 MB and keeps the current photo', async () => {
    const { user, headers } = await signedIn();
    await upload(headers, multipart('photo', 'ok.png', 'image/png', await image('png')));
    const before = await photoIdOf(user.id);
    const big = Buffer.concat([await image('png'), randomBytes(3 * 1024 * 1024)]);
    const res = await upload(headers, multipart('photo', 'big.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ photo: [PROFILE_MESSAGES.photoTooLarge] });
    expect(await photoIdOf(user.id)).toBe(before);
    expect(await avatarRowsOf(user.id)).toHaveLength(1);
  });

  it('answers 413 to every valid PNG padded past 2 MB, whatever the size, and keeps the current photo', async () => {
    const { user, headers } = await signedIn();
    await upload(headers, multipart('photo', 'ok.png', 'image/png', await image('png')));
    const before = await photoIdOf(user.id);
    const png = await image('png');
    for (const size of [2.1, 3, 10].map((megabytes) => Math.round(megabytes * 1024 * 1024))) {
      // A whole PNG first, then padding: the first 2 MB alone would make a valid photo.
      const body = multipart(
        'photo',
        'padded.png',
        'image/png',
        Buffer.concat([png, Buffer.alloc(size - png.length, 0x20)]),
      );
      // The body at once, and in pieces as a network brings it: one breaking exactly where the file reaches 2 MB.
      const atTheLimit = body.payload.indexOf('\r\n\r\n') + 4 + AVATAR_MAX_BYTES;
      const deliveries = [[body.payload], [body.payload.subarray(0, atTheLimit), body.payload.subarray(atTheLimit)]];
      for (const [index, pieces] of deliveries.entries()) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: PHOTO_URL,
          headers: { ...headers, ...body.headers },
          payload: Readable.from(pieces),
        });
        expect([size, index, res.statusCode]).toEqual([size, index, 413]);
        expect(res.json()).toEqual({ photo: [PROFILE_MESSAGES.photoTooLarge] });
      }
    }
    expect(await photoIdOf(user.id)).toBe(before);
    expect(await avatarRowsOf(user.id)).toHaveLength(1);
  });

  it('sniffs the bytes: text, SVG, GIF or a PNG header on garbage are refused whatever their name', async () => {
    const { user, headers } = await signedIn();
    const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const uploads: Array<[string, string, Buffer]> = [
      ['notes.png', 'image/png', Buffer.from('just some text, not an image\n')],
      ['logo.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['logo.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
      ['anim.png', 'image/png', gif],
      ['broken.png', 'image/png', Buffer.concat([pngSignature, randomBytes(4096)])],
      ['half.jpg', 'image/jpeg', (await image('jpeg')).subarray(0, 200)],
    ];
    for (const [name, type, data] of uploads) {
      const res = await upload(headers, multipart('photo', name, type, data));
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ photo: [PROFILE_MESSAGES.photoUnsupported] });
    }
    expect(await photoIdOf(user.id)).toBeNull();
    expect(await avatarRowsOf(user.id)).toEqual([]);
  });

  it('answers 400 when no photo part is sent, or the body is not multipart', async () => {
    const { headers } = await signedIn();
    const wrongField = await upload(headers, multipart('avatar', 'me.png', 'image/png', await image('png')));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ photo: [PROFILE_MESSAGES.photoRequired] });
    const empty = await upload(headers, multipart('photo', 'me.png', 'image/png', Buffer.alloc(0)));
    expect(empty.json()).toEqual({ photo: [PROFILE_MESSAGES.photoRequired] });
    const json = await ctx.app.inject({
      method: 'POST',
      url: PHOTO_URL,
      headers,
      payload: { photo: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ photo: [PROFILE_MESSAGES.photoRequired] });
    const truncated = await ctx.app.inject({
      method: 'POST',
      url: PHOTO_URL,
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n\r\nabc',
    });
    expect(truncated.statusCode).toBe(400);
  });

  it('answers 401 without a token and with a bad one, storing nothing', async () => {
    const before = await ctx.db.select({ id: media.id }).from(media);
    const body = multipart('photo', 'me.png', 'image/png', await image('png'));
    expect((await upload({}, body)).statusCode).toBe(401);
    expect((await upload({ authorization: 'Bearer forged' }, body)).statusCode).toBe(401);
    expect(await ctx.db.select({ id: media.id }).from(media)).toHaveLength(before.length);
  });
});

describe('DELETE /api/users/profile/photo/', () => {
  it('removes the photo and its row, and is harmless when there is none', async () => {
    const { user, headers } = await signedIn();
    const uploaded = await upload(headers, multipart('photo', 'me.png', 'image/png', await image('png')));
    const res = await ctx.app.inject({ method: 'DELETE', url: PHOTO_URL, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, photo: null });
    expect(await photoIdOf(user.id)).toBeNull();
    expect(await avatarRowsOf(user.id)).toEqual([]);
    expect((await ctx.app.inject({ url: uploaded.json().photo })).statusCode).toBe(404);
    const again = await ctx.app.inject({ method: 'DELETE', url: PHOTO_URL, headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().photo).toBeNull();
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'DELETE', url: PHOTO_URL })).statusCode).toBe(401);
  });
});

describe('photos belong to their owner', () => {
  it("never touches another learner's photo", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    await upload(alice.headers, multipart('photo', 'a.png', 'image/png', await image('png')));
    const alicePhoto = await photoIdOf(alice.user.id);
    await upload(bob.headers, multipart('photo', 'b.png', 'image/png', await image('png')));
    await ctx.app.inject({ method: 'DELETE', url: PHOTO_URL, headers: bob.headers });
    await upload(bob.headers, multipart('photo', 'c.png', 'image/png', await image('png')));
    expect(await photoIdOf(alice.user.id)).toBe(alicePhoto);
    expect(await avatarRowsOf(alice.user.id)).toEqual([{ id: alicePhoto, kind: 'avatar', contentType: 'image/webp' }]);
    const navbar = await ctx.app.inject({ url: '/api/navbar/', headers: alice.headers });
    expect(navbar.json().user_photo).toBe(`/media/avatars/${alicePhoto}.webp`);
  });
});
