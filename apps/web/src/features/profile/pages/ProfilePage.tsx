import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { pageContainerSx } from '@/components/page-header.tsx';
import { LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { visuallyHidden } from '@/lib/visually-hidden.ts';
import { useOwnProfile } from '@/lib/own-profile.ts';
import { BadgesSection } from '../components/badges-section.tsx';
import { CertificatesSection } from '../components/certificates-section.tsx';
import { ChallengeHistorySection } from '../components/challenge-history-section.tsx';
import { ModuleProgressSection } from '../components/module-progress-section.tsx';
import { PointsHistorySection } from '../components/points-history-section.tsx';
import { ProfileHeader } from '../components/profile-header.tsx';
import { RewardCodesSection } from '../components/reward-codes-section.tsx';
import { StatisticsSection } from '../components/statistics-section.tsx';

const columnsSx = {
  display: 'grid',
  gap: { xs: 4, md: 3 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  alignItems: 'start',
} as const;

/**
 * R2 /profile: the learner's own profile. The header waits for the account; every other section
 * loads, fails and pages on its own, so one slow list never holds up the rest.
 */
export function ProfilePage() {
  usePageTitle('Profile');
  const profile = useOwnProfile();

  return (
    <Container maxWidth="lg" sx={pageContainerSx}>
      {profile.isPending ? (
        <Box sx={{ mb: 4 }}>
          <LoadingBlock label="Loading your profile…" />
        </Box>
      ) : profile.isError ? (
        <Box component="header" sx={{ mb: 4 }}>
          <Typography variant="h1" sx={visuallyHidden}>
            Your profile
          </Typography>
          <LoadError
            title="Could not load your profile."
            error={profile.error}
            onRetry={() => void profile.refetch()}
          />
        </Box>
      ) : (
        <ProfileHeader profile={profile.data} />
      )}
      <Box sx={{ display: 'grid', gap: { xs: 4, md: 5 }, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <StatisticsSection />
        <Box sx={columnsSx}>
          <BadgesSection />
          <CertificatesSection />
        </Box>
        <Box sx={columnsSx}>
          <ModuleProgressSection />
          <ChallengeHistorySection />
        </Box>
        <Box sx={columnsSx}>
          <PointsHistorySection />
          <RewardCodesSection />
        </Box>
      </Box>
    </Container>
  );
}
