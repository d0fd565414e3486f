import type { LeaderboardPeriod, LeaderboardQuery, LeaderboardResponse } from '@bastion/contract';
import type { Db } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { pagedResponse, pageWindow } from '../../lib/pagination.ts';
import { currentStreak } from '../gamification/streak.ts';
import { avatarPath } from '../media/media.paths.ts';
import * as repo from './leaderboard.repository.ts';
import { liveKeys, periodKey } from './periods.ts';
import { TtlCache } from './ttl-cache.ts';

/**
 * How long an instance reuses a leaderboard page and a learner's standing. The board changes with every
 * award anywhere, so it is the one answer every learner shares; a second of staleness keeps the database
 * out of most requests. Each answer is exact for the moment it was read.
 */
export const LEADERBOARD_CACHE_MS = 1_000;
/** Autovacuum cleans the deltas every 1,000 dead rows; a pass that folded this many cleans them itself. */
const VACUUM_AFTER_FOLDED = 10_000;

export interface LeaderboardServiceDeps {
  db: Db;
  clock: Clock;
  /** 0 turns the cache off. */
  cacheMs?: number;
}

/** The learner's all-time rank (null before the first point), as the leaderboard shows it. */
export function allTimeRank(db: Db, userId: string): Promise<number | null> {
  return repo.rankOf(db, 'all', userId);
}

type Me = repo.BoardSnapshot['me'];
type Page = Omit<repo.BoardSnapshot, 'me'>;

export function createLeaderboardService({ db, clock, cacheMs = LEADERBOARD_CACHE_MS }: LeaderboardServiceDeps) {
  const pages = new TtlCache<Page>(cacheMs);
  const standings = new TtlCache<Me>(cacheMs);

  /** The page (shared by every learner) and the caller's standing, each from the cache or the database. */
  async function read(key: string, userId: string, window: { offset: number; limit: number }, nowMs: number) {
    if (cacheMs <= 0) return repo.boardSnapshot(db, key, userId, window);
    const meKey = `${key}|${userId}`;
    const page = await pages.get(`${key}|${window.offset}|${window.limit}`, nowMs, async () => {
      // A page read also reads the caller's standing in the same statement.
      const snapshot = repo.boardSnapshot(db, key, userId, window);
      standings.set(
        meKey,
        nowMs,
        snapshot.then((result) => result.me),
      );
      const { total, rows } = await snapshot;
      return { total, rows };
    });
    const me = await standings.get(meKey, nowMs, () => repo.standing(db, key, userId));
    return { ...page, me };
  }

  /**
   * The learner's own points and rank in a period, from the cache or one small statement (no page, no
   * total): what a learner whose page is cached costs the database.
   */
  async function standing(userId: string, period: LeaderboardPeriod): Promise<Me> {
    const now = clock.now();
    const key = periodKey(period, now);
    if (cacheMs <= 0) return repo.standing(db, key, userId);
    return standings.get(`${key}|${userId}`, now.getTime(), () => repo.standing(db, key, userId));
  }

  async function board(userId: string, query: LeaderboardQuery, url: string): Promise<LeaderboardResponse> {
    const now = clock.now();
    const { limit, offset } = pageWindow(query);
    const snapshot = await read(periodKey(query.period, now), userId, { offset, limit }, now.getTime());
    const page = pagedResponse([], snapshot.total, query, url);
    return {
      period: query.period,
      ...page,
      results: snapshot.rows.map((row, index) => ({
        rank: offset + index + 1,
        // A learner whose public profile is off stays ranked, anonymously (decision 0194).
        username: row.profile_public ? row.username : null,
        photo: row.profile_public ? avatarPath(row.photo_id) : null,
        country: row.country,
        points: row.points,
        streak: currentStreak({ streak: row.streak, lastActiveDay: row.last_active_day, timezone: row.timezone }, now),
        profile_public: row.profile_public,
      })),
      me: { rank: snapshot.me?.rank ?? null, points: snapshot.me?.points ?? 0 },
    };
  }

  /**
   * Background upkeep: folds pending count deltas into the counts and drops periods that ended more than a
   * period ago. Safe to run from every instance at once.
   */
  async function maintain(): Promise<{ folded: number; pruned: number }> {
    let folded = 0;
    for (let step = -1; step !== 0; folded += step) step = await repo.compactCounts(db);
    if (folded >= VACUUM_AFTER_FOLDED) await repo.vacuumDeltas(db);
    let pruned = 0;
    const keep = new Set(liveKeys(clock.now()));
    for (const key of await repo.storedPeriodKeys(db)) {
      if (!keep.has(key)) pruned += await repo.pruneBatch(db, key);
    }
    return { folded, pruned };
  }

  return { board, standing, maintain };
}

export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
