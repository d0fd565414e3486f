import { ANONYMOUS_LEARNER, DEFAULT_PUBLIC_PROFILE_SETTINGS, type PublicProfileSettings } from '@bastion/contract';
import { avatarPath } from '../media/media.paths.ts';

/** Whether the learner's public profile is on: the setting that lets others see who they are (decision 0194). */
export function profileIsPublic(settings: Partial<PublicProfileSettings> | null | undefined): boolean {
  return { ...DEFAULT_PUBLIC_PROFILE_SETTINGS, ...settings }.is_public;
}

/**
 * A learner as others see them on leaderboards and completion pages: their username, name and photo, or, when
 * their public profile is off, {@link ANONYMOUS_LEARNER} with no username and no photo.
 */
export function shownLearner(
  row: { username: string; firstName: string; lastName: string; photoId: string | null },
  isPublic: boolean,
): { username: string | null; full_name: string; photo: string | null } {
  if (!isPublic) return { username: null, full_name: ANONYMOUS_LEARNER, photo: null };
  return {
    username: row.username,
    full_name: `${row.firstName.trim()} ${row.lastName.trim()}`.trim(),
    photo: avatarPath(row.photoId),
  };
}
