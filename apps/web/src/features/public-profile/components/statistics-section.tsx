import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePublicStatistics } from '../api/get-public-statistics.ts';
import { daysText, pointsText } from '../lib/format.ts';
import { ActivityHeatmap } from '@/components/activity-heatmap.tsx';
import { ProfileSection } from './profile-section.tsx';
import { StatTile, statListSx } from '@/components/stat-tile.tsx';
import { formatNumber } from '@/lib/plural.ts';

export function StatisticsSection({ username }: { username: string }) {
  const query = usePublicStatistics(username);
  return (
    <ProfileSection id="statistics" title="Learning statistics" query={query}>
      {(stats) => {
        const { counts } = stats;
        const yearPoints = stats.activity.reduce((sum, day) => sum + day.points, 0);
        return (
          <>
            <Box component="ul" aria-label="Learning statistics" sx={statListSx}>
              <StatTile label="Lessons completed" value={formatNumber(counts.lessons_completed)} />
              <StatTile label="Quizzes solved" value={formatNumber(counts.quizzes_solved)} />
              <StatTile label="Modules completed" value={formatNumber(counts.modules_completed)} />
              <StatTile label="Courses completed" value={formatNumber(counts.courses_completed)} />
              <StatTile label="Challenges completed" value={formatNumber(counts.challenges_completed)} />
              <StatTile label="Badges earned" value={formatNumber(counts.badges_earned)} />
            </Box>
            <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
              The last year
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
              {pointsText(yearPoints)} over {daysText(stats.active_days)} of learning. Longest streak:{' '}
              {daysText(stats.streak.longest)}.
            </Typography>
            {stats.activity.length > 0 && <ActivityHeatmap activity={stats.activity} activeDays={stats.active_days} />}
          </>
        );
      }}
    </ProfileSection>
  );
}
