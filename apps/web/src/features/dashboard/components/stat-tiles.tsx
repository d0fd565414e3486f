import type { DashboardSummary } from '@bastion/contract';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import MilitaryTech from '@mui/icons-material/MilitaryTech';
import Stars from '@mui/icons-material/Stars';
import Box from '@mui/material/Box';
import { plural } from '@/lib/plural.ts';
import { StatTile } from '@/components/stat-tile.tsx';

const number = new Intl.NumberFormat('en');

/** Points, rank, streak and badges at a glance. */
export function StatTiles({ summary }: { summary: DashboardSummary }) {
  const { points, rank, streak, counts } = summary;
  return (
    <Box
      component="ul"
      aria-label="Your progress"
      sx={{
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      <StatTile
        large
        icon={<Stars />}
        label="Points"
        value={number.format(points)}
        note={`${plural(counts.lessons_completed, 'lesson')}, ${plural(counts.quizzes_solved, 'quiz', 'quizzes')}`}
      />
      <StatTile
        large
        icon={<MilitaryTech />}
        label="Rank"
        value={rank === null ? '—' : `#${number.format(rank)}`}
        note={rank === null ? 'Earn your first points to be ranked' : 'On the all-time leaderboard'}
      />
      <StatTile
        large
        icon={<LocalFireDepartment />}
        label="Streak"
        value={`${streak.current} ${streak.current === 1 ? 'day' : 'days'}`}
        note={
          streak.active_today
            ? `Done for today · longest ${streak.longest}`
            : `Learn today to keep it · longest ${streak.longest}`
        }
      />
      <StatTile
        large
        icon={<EmojiEvents />}
        label="Badges"
        value={number.format(counts.badges_earned)}
        note={`${plural(counts.modules_completed, 'module')}, ${plural(counts.challenges_completed, 'challenge')} done`}
      />
    </Box>
  );
}
