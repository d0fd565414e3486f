/** Public path of an avatar; the id changes whenever the photo does, so the path can be cached forever. */
export function avatarPath(mediaId: string | null): string | null {
  return mediaId ? `/media/avatars/${mediaId}.webp` : null;
}
