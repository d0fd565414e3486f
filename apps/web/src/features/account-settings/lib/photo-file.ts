import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@bastion/contract';

/**
 * The API's limits for avatars, checked here so a learner does not wait for an upload that will be
 * refused; the server stays the judge.
 */
export const PHOTO_MAX_BYTES = AVATAR_MAX_BYTES;
export const PHOTO_TYPES = AVATAR_TYPES;
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');

/** The server's own wording (PROFILE_MESSAGES in the accounts module). */
export const PHOTO_PROBLEMS = {
  tooLarge: 'The photo must be at most 2 MB.',
  unsupported: 'Upload a PNG, JPEG or WebP image.',
} as const;

/** Why this file cannot be uploaded, or null. A file without a type is left to the server's sniffing. */
export function photoFileProblem(file: File): string | null {
  if (file.type && !(PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_PROBLEMS.unsupported;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_PROBLEMS.tooLarge;
  return null;
}
