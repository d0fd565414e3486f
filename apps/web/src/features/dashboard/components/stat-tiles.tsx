import type { DashboardSummary } from '@bastion/contract';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import MilitaryTech from '@mui/icons-material/MilitaryTech';
import Stars from '@mui/icons-material/Stars';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { plural } from '../../../lib/plural.ts';

const number = new Intl.NumberFormat('en');

function Tile({ icon, label, value, note }: { icon: ReactNode; label: string; value: string; note: string }) {
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2.5, listStyle: 'none', display: 'flex', gap: 2 }}>
      <Box aria-hidden sx={{ color: 'primary.main', '& svg': { fontSize: 32 } }}>
        {icon}
      </Box>
      <Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 }}>{value}</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {note}
        </Typography>
      </Box>
    </Paper>
  );
}

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
      <Tile
        icon={<Stars />}
        label="Points"
        value={number.format(points)}
        note={`${plural(counts.lessons_completed, 'lesson')}, ${plural(counts.quizzes_solved, 'quiz', 'quizzes')}`}
      />
      <Tile
        icon={<MilitaryTech />}
        label="Rank"
        value={rank === null ? '—' : `#${number.format(rank)}`}
        note={rank === null ? 'Earn your first points to be ranked' : 'On the all-time leaderboard'}
      />
      <Tile
        icon={<LocalFireDepartment />}
        label="Streak"
        value={`${streak.current} ${streak.current === 1 ? 'day' : 'days'}`}
        note={
          streak.active_today
            ? `Done for today · longest ${streak.longest}`
            : `Learn today to keep it · longest ${streak.longest}`
        }
      />
      <Tile
        icon={<EmojiEvents />}
        label="Badges"
        value={number.format(counts.badges_earned)}
        note={`${plural(counts.modules_completed, 'module')}, ${plural(counts.challenges_completed, 'challenge')} done`}
      />
    </Box>
  );
}
