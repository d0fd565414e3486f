import { SCOREBOARD_MESSAGES, type ScoreboardStatus } from '@bastion/contract';
import { formatDateTime } from '@/lib/format-time.ts';

/** What a learner is told about a leaderboard an operator froze or hid; null while it is live. */
export function boardStatusText(status: ScoreboardStatus | undefined): string | null {
  if (!status || status.mode === 'live') return null;
  if (status.mode === 'frozen') return SCOREBOARD_MESSAGES.frozen(formatDateTime(status.since) ?? '');
  return status.until
    ? SCOREBOARD_MESSAGES.hiddenUntil(formatDateTime(status.until) ?? '')
    : SCOREBOARD_MESSAGES.hidden;
}
