import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_MESSAGES } from '@bastion/contract';
import { challengeYaml, sampleFolder, TempFolders, TINY_PNG, TINY_SVG } from '@bastion/content/testing';
import { badges, challenges, courses, type ChallengeAttachment } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { importContent } from '../content/import-content.ts';
import { learner, type Learner } from '../../../test/learning-api.ts';

let ctx: TestContext;
const folders = new TempFolders();
let pngPath: string;
let svgPath: string;
let attachments: ChallengeAttachment[];
let premiumAttachments: ChallengeAttachment[];
let signedIn: Learner;
const HTML = '<html><script>alert(1)</script></html>\n';
const BINARY = Buffer.from([0x00, 0x01, 0x02, 0xff]);
const PREMIUM_NOTES = 'Only for premium learners.\n';

beforeAll(async () => {
  ctx = await createTestApp();
  const files = sampleFolder('media');
  const dir = await folders.create({
    ...files,
    'courses/media-course/course.yaml': `${files['courses/media-course/course.yaml']}image: cover.png\n`,
    'courses/media-course/cover.png': TINY_PNG,
    'badges/icon.svg': TINY_SVG,
    'badges.yaml': files['badges.yaml']!.replace('  points: 5', '  image: badges/icon.svg\n  points: 5'),
    'challenges/media-challenge/challenge.yaml': challengeYaml(
      'Media challenge',
      3,
      'attachments:\n  - files/index.html\n  - files/blob.bin\n  - files/photo.png\n',
    ),
    'challenges/media-challenge/files/index.html': HTML,
    'challenges/media-challenge/files/blob.bin': BINARY,
    'challenges/media-challenge/files/photo.png': TINY_PNG,
    'challenges/premium-challenge/challenge.yaml': challengeYaml(
      'Premium challenge',
      3,
      'attachments:\n  - files/notes.txt\n  - files/blob.bin\n',
    ).replace('access: free', 'access: premium'),
    'challenges/premium-challenge/files/notes.txt': PREMIUM_NOTES,
    // The same bytes under the same name as the free challenge's: one media row, one URL.
    'challenges/premium-challenge/files/blob.bin': BINARY,
  });
  await importContent(ctx.db, dir, { source: 'media-test' });
  pngPath = (await ctx.db.select({ image: courses.image }).from(courses).where(eq(courses.slug, 'media-course')))[0]!
    .image!;
  svgPath = (await ctx.db.select({ image: badges.image }).from(badges).where(eq(badges.slug, 'media-badge')))[0]!
    .image!;
  attachments = (await ctx.db.select().from(challenges).where(eq(challenges.slug, 'media-challenge')))[0]!.attachments;
  premiumAttachments = (await ctx.db.select().from(challenges).where(eq(challenges.slug, 'premium-challenge')))[0]!
    .attachments;
  signedIn = await learner(ctx.app, ctx.db);
});

const download = (url: string, who: Learner | null) => ctx.app.inject({ url, headers: who?.headers ?? {} });
afterAll(async () => {
  await ctx.close();
  await folders.cleanup();
});

describe('GET /media/content/<id>.<ext>', () => {
  it('serves imported images with their type, nosniff, a sandboxing CSP and a long cache, signed out', async () => {
    const png = await ctx.app.inject({ url: pngPath });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['x-content-type-options']).toBe('nosniff');
    expect(png.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(png.rawPayload.equals(TINY_PNG)).toBe(true);

    const svg = await ctx.app.inject({ url: svgPath });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toContain('sandbox');
    expect(svg.headers['content-security-policy']).toContain("default-src 'none'");
    expect(svg.body).toBe(TINY_SVG);
  });

  it('answers 404 for a wrong extension, an unknown id, a malformed name and an attachment id', async () => {
    const id = pngPath.split('/').pop()!.split('.')[0]!;
    const attachmentId = attachments[0]!.url.split('/')[3]!;
    for (const url of [
      `/media/content/${id}.svg`,
      `/media/content/${id}`,
      `/media/content/${randomUUID()}.png`,
      '/media/content/not-a-uuid.png',
      `/media/content/${attachmentId}.png`,
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('GET /media/attachments/<id>/<name>', () => {
  it('downloads attachments as attachments, never as a type the browser would run', async () => {
    const expected: Record<string, [string, Buffer]> = {
      'index.html': ['text/plain; charset=utf-8', Buffer.from(HTML)],
      'blob.bin': ['application/octet-stream', BINARY],
      'photo.png': ['image/png', TINY_PNG],
    };
    expect(attachments.map((a) => [a.name, a.size])).toEqual([
      ['index.html', HTML.length],
      ['blob.bin', 4],
      ['photo.png', TINY_PNG.length],
    ]);
    for (const attachment of attachments) {
      const [type, bytes] = expected[attachment.name]!;
      const res = await download(attachment.url, signedIn);
      expect(res.statusCode, attachment.name).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${attachment.name}"`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('answers 404 for unsafe names, unknown ids and image ids', async () => {
    const id = attachments[0]!.url.split('/')[3]!;
    const imageId = pngPath.split('/').pop()!.split('.')[0]!;
    for (const url of [
      `/media/attachments/${id}/..%2Fsecret`,
      `/media/attachments/${id}/a%22b.txt`,
      `/media/attachments/${id}/.hidden`,
      `/media/attachments/${randomUUID()}/index.html`,
      `/media/attachments/not-a-uuid/index.html`,
      `/media/attachments/${imageId}/cover.png`,
      // A listed file under another name than its own.
      `/media/attachments/${id}/other.html`,
    ]) {
      const res = await download(url, signedIn);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('needs a signed-in learner, like the challenge itself', async () => {
    for (const attachment of [...attachments, ...premiumAttachments]) {
      const res = await download(attachment.url, null);
      expect(res.statusCode, attachment.name).toBe(401);
      expect(res.json()).toMatchObject({ code: 'not_authenticated' });
      expect(res.body).not.toContain('premium');
    }
  });

  it('serves a premium challenge attachment to premium learners only', async () => {
    const notes = premiumAttachments.find((a) => a.name === 'notes.txt')!;
    const free = await download(notes.url, signedIn);
    expect(free.statusCode).toBe(403);
    expect(free.json()).toEqual({ detail: CHALLENGE_MESSAGES.premiumRequired });
    expect(free.body).not.toContain(PREMIUM_NOTES.trim());

    const lapsed = await learner(ctx.app, ctx.db, { premium: true, premiumUntil: new Date('2020-01-01T00:00:00Z') });
    expect((await download(notes.url, lapsed)).statusCode).toBe(403);

    const premium = await download(notes.url, await learner(ctx.app, ctx.db, { premium: true }));
    expect(premium.statusCode).toBe(200);
    expect(premium.body).toBe(PREMIUM_NOTES);
  });

  it('serves bytes a free challenge lists too to every learner, and nothing only a hidden challenge lists', async () => {
    const blob = premiumAttachments.find((a) => a.name === 'blob.bin')!;
    expect(attachments.map((a) => a.url)).toContain(blob.url);
    expect((await download(blob.url, signedIn)).statusCode).toBe(200);

    const notes = premiumAttachments.find((a) => a.name === 'notes.txt')!;
    await ctx.db.update(challenges).set({ hidden: true }).where(eq(challenges.slug, 'premium-challenge'));
    try {
      expect((await download(notes.url, await learner(ctx.app, ctx.db, { premium: true }))).statusCode).toBe(404);
    } finally {
      await ctx.db.update(challenges).set({ hidden: false }).where(eq(challenges.slug, 'premium-challenge'));
    }
  });
});
