import sharp from 'sharp';

export { AVATAR_MAX_BYTES } from '@bastion/contract';
export const AVATAR_SIZE = 256;
/** Decoded size cap: a small file can still declare a huge canvas (decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** The image format announced by the file's first bytes, whatever its name or declared type. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

export class UnreadableImage extends Error {}

/**
 * Decodes a PNG, JPEG or WebP and re-encodes it as a square WebP avatar: oriented by its EXIF tag,
 * cover-cropped to 256×256, every piece of metadata dropped. Throws UnreadableImage for anything else.
 */
export async function toAvatarWebp(bytes: Buffer): Promise<Buffer> {
  const format = sniffImageFormat(bytes);
  if (!format) throw new UnreadableImage('not a PNG, JPEG or WebP image');
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const metadata = await image.metadata();
    if (metadata.format !== format) throw new UnreadableImage('content does not match its signature');
    return await image.rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  } catch (error) {
    if (error instanceof UnreadableImage) throw error;
    throw new UnreadableImage(error instanceof Error ? error.message : 'unreadable image');
  }
}
