import { createHash } from 'node:crypto';
import path from 'node:path';
import { localImageReferences, readContentFile, refusalText, type Problem } from '@bastion/content';
import type { ChallengeAttachment } from '@bastion/db';

export type ContentMediaKind = 'content-image' | 'attachment';

/** One file of the content folder, ready for the `media` table. */
export interface MediaAsset {
  id: string;
  kind: ContentMediaKind;
  contentType: string;
  data: Buffer;
}

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

export function imageContentType(ext: ImageExtension): string {
  return IMAGE_TYPES[ext];
}

export function contentImagePath(id: string, ext: ImageExtension): string {
  return `/media/content/${id}.${ext}`;
}

export function attachmentPath(id: string, name: string): string {
  return `/media/attachments/${id}/${safeFileName(name)}`;
}

/** A download name made of letters, digits, dot, dash and underscore only (safe in a URL and a header). */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(-120);
  return cleaned || 'file';
}

/**
 * A media id derived from what is stored: the same bytes (of the same kind and type) always get
 * the same id, so a re-import stores nothing new and an identical file is stored once. The hash
 * is shaped as an RFC 9562 version-8 UUID so it fits the `media.id` column and the API's UUID checks.
 */
export function mediaId(kind: ContentMediaKind, contentType: string, data: Buffer): string {
  const digest = createHash('sha256').update(`${kind}\0${contentType}\0`).update(data).digest();
  digest[6] = (digest[6]! & 0x0f) | 0x80;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const hex = digest.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The image format of a file, by its bytes (SVG: by its name and its markup). */
export function sniffImage(data: Buffer, fileName: string): ImageExtension | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.toString('latin1', 0, 6))) return 'gif';
  if (/\.svg$/i.test(fileName) && /<svg[\s>]/.test(data.toString('utf8', 0, Math.min(data.length, 4096)))) {
    return 'svg';
  }
  return null;
}

/**
 * What an attachment is served as. Never a type a browser would run (HTML, SVG, JavaScript):
 * raster images keep their type, UTF-8 text is plain text, anything else is opaque bytes.
 */
export function attachmentContentType(data: Buffer): string {
  const image = sniffImage(data, '');
  if (image) return IMAGE_TYPES[image];
  if (data.includes(0)) return 'application/octet-stream';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return 'text/plain; charset=utf-8';
  } catch {
    return 'application/octet-stream';
  }
}

/**
 * Reads the images and attachments a content folder refers to, once each, and reports the
 * ones that cannot be served (not an image, too large) as problems of the file that names them.
 */
export class MediaCollector {
  private readonly assetsById = new Map<string, MediaAsset>();
  private readonly images = new Map<string, string | null>();
  private readonly attachments = new Map<string, ChallengeAttachment | null>();

  constructor(
    private readonly root: string,
    private readonly problems: Problem[],
  ) {}

  get assets(): MediaAsset[] {
    return [...this.assetsById.values()];
  }

  /** `rel`: path relative to the content folder. Returns its `/media/content/…` path. */
  async image(rel: string, from: { file: string; line: number }): Promise<string | null> {
    const cached = this.images.get(rel);
    if (cached !== undefined) return cached;
    let url: string | null = null;
    const data = await this.read(rel, from);
    if (data && data.length > IMAGE_MAX_BYTES) {
      this.problems.push({ ...from, message: `image ${rel} is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB` });
    } else if (data) {
      const ext = sniffImage(data, rel);
      if (!ext) {
        this.problems.push({ ...from, message: `image ${rel} is not a PNG, JPEG, WebP, GIF or SVG image` });
      } else {
        const id = this.store('content-image', IMAGE_TYPES[ext], data);
        url = contentImagePath(id, ext);
      }
    }
    this.images.set(rel, url);
    return url;
  }

  async attachment(rel: string, from: { file: string; line: number }): Promise<ChallengeAttachment | null> {
    const cached = this.attachments.get(rel);
    if (cached !== undefined) return cached;
    let attachment: ChallengeAttachment | null = null;
    const data = await this.read(rel, from);
    if (data && data.length > ATTACHMENT_MAX_BYTES) {
      this.problems.push({
        ...from,
        message: `attachment ${rel} is larger than ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`,
      });
    } else if (data) {
      const name = path.posix.basename(rel);
      const id = this.store('attachment', attachmentContentType(data), data);
      attachment = { name, url: attachmentPath(id, name), size: data.length };
    }
    this.attachments.set(rel, attachment);
    return attachment;
  }

  /** Read with the loader's checks again: a symbolic link or a path out of the folder is never stored. */
  private async read(rel: string, from: { file: string; line: number }): Promise<Buffer | null> {
    const read = await readContentFile(this.root, path.resolve(this.root, rel));
    if ('data' in read) return read.data;
    const message =
      read.refusal === 'missing' ? `${rel} is missing or unreadable` : `${rel} ${refusalText(read.refusal)}`;
    this.problems.push({ ...from, message });
    return null;
  }

  private store(kind: ContentMediaKind, contentType: string, data: Buffer): string {
    const id = mediaId(kind, contentType, data);
    if (!this.assetsById.has(id)) this.assetsById.set(id, { id, kind, contentType, data });
    return id;
  }
}

/**
 * The lesson's Markdown with every local image reference replaced by its media path. `lessonFile`
 * is relative to the content folder; targets are relative to the lesson's own folder.
 */
export async function rewriteLessonImages(
  markdown: string,
  lessonFile: string,
  media: MediaCollector,
): Promise<string> {
  const references = localImageReferences(markdown);
  if (references.length === 0) return markdown;
  const lines = markdown.split('\n');
  for (const reference of references) {
    const rel = resolveTarget(lessonFile, reference.target);
    if (!rel) continue;
    const url = await media.image(rel, { file: lessonFile, line: reference.line });
    if (!url) continue;
    const index = reference.line - 1;
    lines[index] = replaceTarget(lines[index] ?? '', reference.target, url);
  }
  return lines.join('\n');
}

/** The content-folder path of a target written in `fromFile`, or null when it leaves the folder. */
export function resolveTarget(fromFile: string, target: string): string | null {
  const bare = target.split(/[?#]/)[0] ?? target;
  let decoded = bare;
  try {
    decoded = decodeURI(bare);
  } catch {
    // Kept as written, as the loader does.
  }
  const rel = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), decoded));
  return rel.startsWith('../') || rel === '..' || path.posix.isAbsolute(rel) ? null : rel;
}

function replaceTarget(line: string, target: string, url: string): string {
  const escaped = target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return line
    .replace(new RegExp(`(!\\[[^\\]]*\\]\\(\\s*<?)${escaped}(?=>?(?:\\s+"[^"]*")?\\s*\\))`, 'g'), `$1${url}`)
    .replace(new RegExp(`(<img\\b[^>]*\\bsrc=["'])${escaped}(?=["'])`, 'gi'), `$1${url}`);
}
