import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useDashboardSummary } from '../api/get-dashboard-summary.ts';
import { ContinueLearning } from '../components/continue-learning.tsx';
import { NextBadges } from '../components/next-badges.tsx';
import { RecentActivity } from '../components/recent-activity.tsx';
import { StatTiles } from '../components/stat-tiles.tsx';

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 1.5 }}>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

/** /dashboard (R14 summary): continue learning, points, rank, streak, recent activity, next badges. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const { username } = useSession();
  const summary = useDashboardSummary();
  // "Welcome back" only to a learner who has been here before: some activity, or a module in progress.
  const returning =
    summary.data && (summary.data.recent_activity.length > 0 || summary.data.continue_learning.length > 0);
  const greeting = returning ? 'Welcome back' : 'Welcome';

  return (
    <Container maxWidth="lg" sx={pageContainerSx}>
      <PageHeader eyebrow="Dashboard" title={username ? `${greeting}, ${username}` : greeting}>
        Pick up where you left off, or keep your daily streak alive with a challenge.
      </PageHeader>
      {summary.isPending ? (
        <LoadingBlock label="Loading your dashboard…" />
      ) : summary.isError ? (
        <LoadError
          title="Could not load your dashboard."
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      ) : (
        <Box sx={{ display: 'grid', gap: { xs: 4, md: 5 }, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <StatTiles summary={summary.data} />
          <Section
            title="Continue learning"
            action={
              <Button component={RouterLink} to="/modules" size="small">
                All modules
              </Button>
            }
          >
            <ContinueLearning items={summary.data.continue_learning} />
          </Section>
          <Box
            sx={{
              display: 'grid',
              gap: { xs: 4, md: 3 },
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
            }}
          >
            <Section
              title="Recent activity"
              action={
                <Button component={RouterLink} to="/leaderboard" size="small">
                  Leaderboard
                </Button>
              }
            >
              <RecentActivity items={summary.data.recent_activity} />
            </Section>
            <Section
              title="Next badges"
              action={
                <Button component={RouterLink} to="/profile" size="small">
                  All badges
                </Button>
              }
            >
              <NextBadges badges={summary.data.next_badges} />
            </Section>
          </Box>
        </Box>
      )}
    </Container>
  );
}
