import {
  DEFAULT_PUBLIC_PROFILE_SETTINGS,
  PUBLIC_PROFILE_SECTIONS,
  type Paged,
  type PageQuery,
  type PublicBadge,
  type PublicChallenge,
  type PublicModuleStat,
  type PublicPoints,
  type PublicProfile,
  type PublicProfileBasic,
  type PublicProfileSection,
  type PublicProfileSettings,
  type PublicStatistics,
} from '@bastion/contract';
import type { Db } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { NotFound } from '../../lib/errors.ts';
import { pagedResponse, pageWindow } from '../../lib/pagination.ts';
import { courseRefOf, progressPercent } from '../../lib/progress.ts';
import { activityBetween } from '../dashboard/dashboard.repository.ts';
import { ACTIVITY_DAYS, countsOf, dailySeries } from '../dashboard/dashboard.service.ts';
import { countEarnedBadges, earnedBadges, learnerCounters } from '../gamification/badges.repository.ts';
import { badgeBasics } from '../gamification/badges.service.ts';
import { addDays, currentStreak } from '../gamification/streak.ts';
import { allTimeRank } from '../leaderboard/leaderboard.service.ts';
import { avatarPath } from '../media/media.paths.ts';
import * as repo from './public-profile.repository.ts';

/** The setting that shows each section. */
const SECTION_SETTING: Record<PublicProfileSection, keyof PublicProfileSettings> = {
  points: 'show_points',
  badges: 'show_badges',
  challenges: 'show_challenges',
  module_stats: 'show_module_stats',
  statistics: 'show_statistics',
};

const USERNAME = /^[a-z0-9_.-]{3,30}$/;

const iso = (value: Date | string) => new Date(value).toISOString();

// Decision 0071: one identical 404 for unknown, inactive, unverified or private profiles and hidden sections.
export function createPublicProfileService({ db, clock }: { db: Db; clock: Clock }) {
  /**
   * The owner of a public profile, or the one 404 for everything that must look absent: an unknown or
   * malformed username, an inactive or unverified account, a private profile, a hidden section.
   */
  async function owner(username: string, section?: PublicProfileSection) {
    const name = username.toLowerCase();
    const row = USERNAME.test(name) ? await repo.findOwner(db, name) : null;
    if (!row || !row.isActive || !row.isVerified) throw new NotFound();
    const settings: PublicProfileSettings = { ...DEFAULT_PUBLIC_PROFILE_SETTINGS, ...row.publicProfile };
    if (!settings.is_public) throw new NotFound();
    if (section && !settings[SECTION_SETTING[section]]) throw new NotFound();
    return { row, settings };
  }

  async function basicOf(row: repo.Owner): Promise<PublicProfileBasic> {
    return {
      username: row.username,
      first_name: row.firstName,
      last_name: row.lastName,
      photo: avatarPath(row.photoId),
      country: row.country,
      bio: row.bio,
      date_joined: row.dateJoined.toISOString(),
      rank: await allTimeRank(db, row.id, clock.now()),
    };
  }

  async function profile(username: string): Promise<PublicProfile> {
    const { row, settings } = await owner(username);
    return {
      ...(await basicOf(row)),
      sections: PUBLIC_PROFILE_SECTIONS.filter((section) => settings[SECTION_SETTING[section]]),
    };
  }

  async function basic(username: string): Promise<PublicProfileBasic> {
    return basicOf((await owner(username)).row);
  }

  async function points(username: string): Promise<PublicPoints> {
    const { row } = await owner(username, 'points');
    return {
      points: row.points,
      rank: await allTimeRank(db, row.id, clock.now()),
      streak: currentStreak(row, clock.now()),
      longest_streak: row.longestStreak,
    };
  }

  async function badges(username: string, query: PageQuery, url: string): Promise<Paged<PublicBadge>> {
    const { row } = await owner(username, 'badges');
    const rows = await earnedBadges(db, row.id, pageWindow(query));
    const total = await countEarnedBadges(db, row.id);
    const results = rows.map(({ badge, earnedAt }) => ({ ...badgeBasics(badge), earned_at: earnedAt.toISOString() }));
    return pagedResponse(results, total, query, url);
  }

  async function challenges(username: string): Promise<PublicChallenge[]> {
    const { row } = await owner(username, 'challenges');
    const rows = await repo.completedChallenges(db, row.id);
    return rows.map((attempt) => ({
      id: attempt.id,
      challenge: {
        id: attempt.challenge_id,
        slug: attempt.slug,
        title: attempt.title,
        category: attempt.category,
        difficulty: attempt.difficulty,
      },
      completed_at: iso(attempt.completed_at),
      points_earned: Number(attempt.points_earned),
      first_blood: attempt.first_blood,
    }));
  }

  async function moduleStats(username: string, query: PageQuery, url: string): Promise<Paged<PublicModuleStat>> {
    const { row } = await owner(username, 'module_stats');
    const rows = await repo.moduleStats(db, row.id, pageWindow(query));
    const total = await repo.countModuleStats(db, row.id);
    const results = rows.map((stat) => ({
      module: {
        id: stat.id,
        slug: stat.slug,
        title: stat.title,
        difficulty: stat.difficulty,
        course: courseRefOf(stat),
      },
      progress: progressPercent(stat.items_completed, stat.items_total),
      completed: stat.completion_id !== null,
      completed_at: stat.completed_at === null ? null : iso(stat.completed_at),
      completion_id: stat.completion_id,
    }));
    return pagedResponse(results, total, query, url);
  }

  async function statistics(username: string): Promise<PublicStatistics> {
    const { row } = await owner(username, 'statistics');
    const now = clock.now();
    const counters = await learnerCounters(db, row.id);
    if (!counters) throw new NotFound();
    // The window ends on today's UTC date, not the owner's: the series must not reveal their time zone.
    const today = now.toISOString().slice(0, 10);
    const days = await activityBetween(db, row.id, addDays(today, -(ACTIVITY_DAYS - 1)), today);
    return {
      streak: { current: currentStreak(row, now), longest: row.longestStreak },
      counts: countsOf(counters),
      activity: dailySeries(days, today, ACTIVITY_DAYS),
      active_days: days.filter((day) => day.points > 0).length,
    };
  }

  return { profile, basic, points, badges, challenges, moduleStats, statistics };
}

export type PublicProfileService = ReturnType<typeof createPublicProfileService>;
