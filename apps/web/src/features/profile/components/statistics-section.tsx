import type { UserStatistics } from '@bastion/contract';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import MilitaryTech from '@mui/icons-material/MilitaryTech';
import Stars from '@mui/icons-material/Stars';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LoadError } from '@/components/query-states.tsx';
import { streakTier } from '@/domain/streak-tier.ts';
import { useStatistics } from '../api/get-statistics.ts';
import { ActivityHeatmap } from '@/components/activity-heatmap.tsx';
import { SectionLoading } from './paged-view.tsx';
import { ProfileSection } from './profile-section.tsx';
import { StatTile } from '@/components/stat-tile.tsx';
import { formatNumber, plural } from '@/lib/plural.ts';

const COUNT_LABELS: [keyof UserStatistics['counts'], string][] = [
  ['lessons_completed', 'Lessons completed'],
  ['quizzes_solved', 'Quizzes solved'],
  ['modules_completed', 'Modules completed'],
  ['courses_completed', 'Courses completed'],
  ['challenges_completed', 'Challenges completed'],
  ['badges_earned', 'Badges earned'],
];

export function StatisticsBody({ statistics }: { statistics: UserStatistics }) {
  const { points, rank, streak, counts, activity, active_days } = statistics;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box
        component="ul"
        aria-label="Your figures"
        sx={{
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        <StatTile icon={<Stars />} label="Points" value={formatNumber(points)} note="All time" color="points" />
        <StatTile
          icon={<MilitaryTech />}
          label="Rank"
          value={rank === null ? '—' : `#${formatNumber(rank)}`}
          note={rank === null ? 'Earn points to be ranked' : 'All-time leaderboard'}
        />
        <StatTile
          icon={<LocalFireDepartment />}
          label="Streak"
          value={plural(streak.current, 'day')}
          note={`Longest ${plural(streak.longest, 'day')}`}
          color={`streak.${streakTier(streak.current)}`}
        />
        <StatTile icon={<CalendarMonth />} label="Active days" value={formatNumber(active_days)} note="Last 365 days" />
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {COUNT_LABELS.map(([key, label]) => (
            <Box key={key}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.25rem' }}>
                {formatNumber(counts[key])}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      <Box>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          Activity
        </Typography>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <ActivityHeatmap activity={activity} activeDays={active_days} />
        </Paper>
      </Box>
    </Box>
  );
}

/** R14 statistics: points, rank, streak, counts and the year of activity. */
export function StatisticsSection() {
  const statistics = useStatistics();
  return (
    <ProfileSection title="Statistics">
      {statistics.isPending ? (
        <SectionLoading label="Loading your statistics…" />
      ) : statistics.isError ? (
        <LoadError
          title="Could not load your statistics."
          error={statistics.error}
          onRetry={() => void statistics.refetch()}
        />
      ) : (
        <StatisticsBody statistics={statistics.data} />
      )}
    </ProfileSection>
  );
}
