import {
  DEFAULT_PUBLIC_PROFILE_SETTINGS,
  type NavbarData,
  type Profile,
  type PublicProfileSettings,
} from '@bastion/contract';
import type { Db } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import type { LearnerChanges, Loader } from '../../lib/learner-cache.ts';
import { thenApply } from '../../lib/then-apply.ts';
import { NotFound, ValidationFailed } from '../../lib/errors.ts';
import { avatarPath } from '../media/media.paths.ts';
import { toAvatarWebp, UnreadableImage } from '../media/avatar-image.ts';
import { hasPremium } from '../billing/premium.ts';
import { currentStreak } from '../gamification/streak.ts';
import * as repo from './profile.repository.ts';
import { allTimeRank } from '../leaderboard/leaderboard.service.ts';

export const PROFILE_MESSAGES = {
  unknownTimezone: 'Choose a valid IANA time zone, such as Europe/Paris.',
  photoRequired: 'No photo was submitted.',
  photoUnsupported: 'Upload a PNG, JPEG or WebP image.',
  photoTooLarge: 'The photo must be at most 2 MB.',
} as const;

export interface ProfilePatch {
  first_name?: string;
  last_name?: string;
  country?: string;
  bio?: string;
  timezone?: string;
}

export interface ProfileServiceDeps {
  db: Db;
  clock: Clock;
  changes: LearnerChanges;
}

/** The IANA zone's canonical spelling, or null when Intl does not know it (offsets like +01:00 are not zones). */
export function canonicalTimeZone(value: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

function premiumNow(row: { isPremium: boolean; premiumUntil: Date | null }, now: Date): boolean {
  return hasPremium(row, now);
}

function settingsOf(stored: Partial<PublicProfileSettings> | null | undefined): PublicProfileSettings {
  return { ...DEFAULT_PUBLIC_PROFILE_SETTINGS, ...stored };
}

export function createProfileService({ db, clock, changes }: ProfileServiceDeps) {
  // Polled by every signed-in page: the account row is kept until the learner's account changes; what
  // depends on the time (premium, streak) is still worked out per request.
  const navbarRows = changes.cache<Awaited<ReturnType<typeof repo.findNavbarRow>>>();
  const loadNavbarRow: Loader<Awaited<ReturnType<typeof repo.findNavbarRow>>> = (userId) =>
    repo.findNavbarRow(db, userId);
  async function getProfile(userId: string): Promise<Profile> {
    const row = await repo.findProfileRow(db, userId);
    if (!row) throw new NotFound();
    const now = clock.now();
    return {
      id: row.id,
      username: row.username,
      email: row.email,
      first_name: row.firstName,
      last_name: row.lastName,
      country: row.country,
      bio: row.bio,
      photo: avatarPath(row.photoId),
      is_premium: premiumNow(row, now),
      premium_until: row.premiumUntil?.toISOString() ?? null,
      points: row.points,
      streak: currentStreak(row, now),
      longest_streak: row.longestStreak,
      rank: await allTimeRank(db, row.id, clock.now()),
      date_joined: row.dateJoined.toISOString(),
      timezone: row.timezone,
      public_profile: settingsOf(row.publicProfile),
    };
  }

  async function updateProfile(userId: string, patch: ProfilePatch): Promise<Profile> {
    const changes: repo.ProfileChanges = {
      firstName: patch.first_name,
      lastName: patch.last_name,
      country: patch.country,
      bio: patch.bio,
    };
    if (patch.timezone !== undefined) {
      const zone = canonicalTimeZone(patch.timezone);
      if (!zone) throw new ValidationFailed({ timezone: [PROFILE_MESSAGES.unknownTimezone] });
      changes.timezone = zone;
    }
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    await repo.updateProfileFields(db, userId, defined);
    return getProfile(userId);
  }

  async function updatePublicSettings(
    userId: string,
    patch: Partial<PublicProfileSettings>,
  ): Promise<PublicProfileSettings> {
    const stored = await repo.mergePublicProfile(db, userId, patch);
    if (!stored) throw new NotFound();
    return settingsOf(stored);
  }

  /** Replaces the learner's photo; the previous image row goes in the same transaction. */
  async function replacePhoto(userId: string, upload: Buffer): Promise<Profile> {
    let avatar: Buffer;
    try {
      avatar = await toAvatarWebp(upload);
    } catch (error) {
      if (error instanceof UnreadableImage) throw new ValidationFailed({ photo: [PROFILE_MESSAGES.photoUnsupported] });
      throw error;
    }
    await db.transaction(async (tx) => {
      const current = await repo.lockUserPhoto(tx, userId);
      if (!current) throw new NotFound();
      const photoId = await repo.insertAvatar(tx, userId, avatar, clock.now());
      await repo.setUserPhoto(tx, userId, photoId);
      if (current.photoId) await repo.deleteAvatar(tx, userId, current.photoId);
    });
    return getProfile(userId);
  }

  async function removePhoto(userId: string): Promise<Profile> {
    await db.transaction(async (tx) => {
      const current = await repo.lockUserPhoto(tx, userId);
      if (!current) throw new NotFound();
      if (!current.photoId) return;
      await repo.setUserPhoto(tx, userId, null);
      await repo.deleteAvatar(tx, userId, current.photoId);
    });
    return getProfile(userId);
  }

  /** At once when the learner's row is kept; a promise only when it must be read. */
  function navbar(userId: string): NavbarData | Promise<NavbarData> {
    return thenApply(navbarRows.get(userId, userId, loadNavbarRow), (row) => {
      if (!row) throw new NotFound();
      const now = clock.now();
      return {
        user_photo: avatarPath(row.photoId),
        is_premium: premiumNow(row, now),
        user_points: row.points,
        user_strike: currentStreak(row, now),
        is_staff: row.isStaff,
      };
    });
  }

  return { getProfile, updateProfile, updatePublicSettings, replacePhoto, removePhoto, navbar };
}

export type ProfileService = ReturnType<typeof createProfileService>;
