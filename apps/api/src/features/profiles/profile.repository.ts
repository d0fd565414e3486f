import { and, eq, sql } from 'drizzle-orm';
import type { PublicProfileSettings } from '@bastion/contract';
import { media, users, type Executor } from '@bastion/db';

export const AVATAR_KIND = 'avatar';

const profileColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  country: users.country,
  bio: users.bio,
  photoId: users.photoId,
  isPremium: users.isPremium,
  premiumUntil: users.premiumUntil,
  points: users.points,
  streak: users.streak,
  longestStreak: users.longestStreak,
  lastActiveDay: users.lastActiveDay,
  dateJoined: users.dateJoined,
  timezone: users.timezone,
  publicProfile: users.publicProfile,
};

export async function findProfileRow(db: Executor, userId: string) {
  const [row] = await db
    .select({
      ...profileColumns,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileRow>>>;

export async function findNavbarRow(db: Executor, userId: string) {
  const [row] = await db
    .select({
      photoId: users.photoId,
      isPremium: users.isPremium,
      premiumUntil: users.premiumUntil,
      points: users.points,
      streak: users.streak,
      lastActiveDay: users.lastActiveDay,
      timezone: users.timezone,
      isStaff: users.isStaff,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  country?: string;
  bio?: string;
  timezone?: string;
}

export async function updateProfileFields(db: Executor, userId: string, changes: ProfileChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(users).set(changes).where(eq(users.id, userId));
}

/** Merges the given settings into the stored ones in one statement, so parallel edits do not lose each other. */
export async function mergePublicProfile(
  db: Executor,
  userId: string,
  patch: Partial<PublicProfileSettings>,
): Promise<Partial<PublicProfileSettings> | undefined> {
  const [row] = await db
    .update(users)
    .set({ publicProfile: sql`coalesce(${users.publicProfile}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(users.id, userId))
    .returning({ publicProfile: users.publicProfile });
  return row?.publicProfile;
}

/** Locks the learner's row for the rest of the transaction and returns the current photo id. */
export async function lockUserPhoto(tx: Executor, userId: string): Promise<{ photoId: string | null } | undefined> {
  const [row] = await tx.select({ photoId: users.photoId }).from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function insertAvatar(tx: Executor, ownerId: string, data: Buffer, createdAt: Date): Promise<string> {
  const [row] = await tx
    .insert(media)
    .values({ ownerId, kind: AVATAR_KIND, contentType: 'image/webp', data, createdAt })
    .returning({ id: media.id });
  return row!.id;
}

export async function setUserPhoto(tx: Executor, userId: string, photoId: string | null): Promise<void> {
  await tx.update(users).set({ photoId }).where(eq(users.id, userId));
}

export async function deleteAvatar(tx: Executor, ownerId: string, mediaId: string): Promise<void> {
  await tx.delete(media).where(and(eq(media.id, mediaId), eq(media.ownerId, ownerId), eq(media.kind, AVATAR_KIND)));
}
