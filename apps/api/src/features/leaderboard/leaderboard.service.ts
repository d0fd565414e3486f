// docs/leaderboard.md, "Periods, order and who is ranked": periods and ties, who is ranked, one rank everywhere;
// "Exact ranks, kept by the database": the second's cache.
import type { LeaderboardPeriod, LeaderboardQuery, LeaderboardResponse, ScoreboardStatus } from '@bastion/contract';
import type { Db } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { pagedResponse, pageWindow } from '../../lib/pagination.ts';
import { currentStreak } from '../gamification/streak.ts';
import { avatarPath } from '../media/media.paths.ts';
import * as repo from './leaderboard.repository.ts';
import { liveKeys, periodKey } from '../../lib/leaderboard-periods.ts';
import { frozenBoard, frozenStanding, readStatus } from './scoreboard-state.ts';
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

/**
 * The learner's all-time rank as the leaderboard shows it at `now`: null before the first point and while the
 * board is hidden; their rank at the freeze while it is frozen (null if they had none then).
 */
export async function allTimeRank(db: Db, userId: string, now: Date): Promise<number | null> {
  const status = await readStatus(db, now);
  if (status.mode === 'hidden') return null;
  if (status.mode === 'frozen') return (await frozenStanding(db, 'all', userId))?.rank ?? null;
  return repo.rankOf(db, 'all', userId);
}

type Me = repo.BoardSnapshot['me'];
type Page = Omit<repo.BoardSnapshot, 'me'>;

export function createLeaderboardService({ db, clock, cacheMs = LEADERBOARD_CACHE_MS }: LeaderboardServiceDeps) {
  const pages = new TtlCache<Page>(cacheMs);
  const standings = new TtlCache<Me>(cacheMs);
  const statuses = new TtlCache<ScoreboardStatus>(cacheMs);

  /** Live, frozen or hidden: read with the pages' time to live, so every instance follows within it. */
  function status(now: Date): Promise<ScoreboardStatus> {
    if (cacheMs <= 0) return readStatus(db, now);
    return statuses.get('status', now.getTime(), () => readStatus(db, now));
  }

  /** A frozen board's page and the caller's standing in it (cached apart from the live ones). */
  async function readFrozen(
    period: LeaderboardPeriod,
    userId: string,
    window: { offset: number; limit: number },
    nowMs: number,
  ) {
    if (cacheMs <= 0) return frozenBoard(db, period, userId, window);
    const page = await pages.get(`frozen:${period}|${window.offset}|${window.limit}`, nowMs, async () => {
      const { total, rows } = await frozenBoard(db, period, userId, window);
      return { total, rows };
    });
    const me = await standings.get(`frozen:${period}|${userId}`, nowMs, () => frozenStanding(db, period, userId));
    return { ...page, me };
  }

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
    const state = await status(now);
    if (state.mode === 'hidden') {
      // No ranks at all; the learner keeps seeing their own points of the period.
      const me = await standing(userId, query.period);
      return {
        period: query.period,
        ...pagedResponse([], 0, query, url),
        me: { rank: null, points: me?.points ?? 0 },
        status: state,
      };
    }
    const window = { offset, limit };
    const snapshot =
      state.mode === 'frozen'
        ? await readFrozen(query.period, userId, window, now.getTime())
        : await read(periodKey(query.period, now), userId, window, now.getTime());
    const page = pagedResponse([], snapshot.total, query, url);
    return {
      period: query.period,
      status: state,
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

  /** Forgets this instance's cached state, pages and standings at once (the operator's own change). */
  function statusChanged(): void {
    statuses.clear();
    pages.clear();
    standings.clear();
  }

  return { board, standing, maintain, statusChanged };
}

export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
