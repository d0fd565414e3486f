import { LEADERBOARD_PAGE_SIZE, type LeaderboardEntry, type LeaderboardResponse } from '@bastion/contract';

export function entry(overrides: Partial<LeaderboardEntry> = {}): LeaderboardEntry {
  return {
    rank: 1,
    username: 'grace',
    photo: null,
    country: 'DE',
    points: 120,
    streak: 0,
    profile_public: true,
    ...overrides,
  };
}

/** A page of the board: `rows` learners from `firstRank` on, with descending points. */
export function board({
  period = 'all',
  page = 1,
  count = 3,
  rows = Math.min(count, LEADERBOARD_PAGE_SIZE),
  me = { rank: null, points: 0 },
  results,
}: Partial<Omit<LeaderboardResponse, 'results'>> & {
  page?: number;
  rows?: number;
  results?: LeaderboardEntry[];
} = {}): LeaderboardResponse {
  const firstRank = (page - 1) * LEADERBOARD_PAGE_SIZE + 1;
  const list =
    results ??
    Array.from({ length: rows }, (_, index) =>
      entry({ rank: firstRank + index, username: `learner${firstRank + index}`, points: 10_000 - firstRank - index }),
    );
  const pages = Math.ceil(count / LEADERBOARD_PAGE_SIZE);
  return {
    period,
    count,
    next: page < pages ? `/api/leaderboard/?period=${period}&page=${page + 1}` : null,
    previous: page > 1 ? `/api/leaderboard/?period=${period}&page=${page - 1}` : null,
    results: list,
    me,
  };
}
