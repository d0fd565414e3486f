import type { PublicProfile, PublicProfileSection } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { LoadingBlock } from '@/components/query-states.tsx';
import { apiErrorText } from '@/lib/api-client.ts';
import { isMissing } from '@/lib/api-errors.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { usePublicProfile } from '../api/get-public-profile.ts';
import { BadgesSection } from '../components/badges-section.tsx';
import { ChallengesSection } from '../components/challenges-section.tsx';
import { ModuleStatsSection } from '../components/module-stats-section.tsx';
import { PointsSection } from '../components/points-section.tsx';
import { ProfileCard } from '../components/profile-card.tsx';
import { PublicFrame } from '@/components/public-frame.tsx';
import { ProfileMissing } from '../components/profile-missing.tsx';
import { StatisticsSection } from '../components/statistics-section.tsx';
import { displayName } from '../lib/format.ts';

/** Each section the owner can show, in page order; only the shown ones are rendered (and so fetched). */
const SECTIONS: [PublicProfileSection, ComponentType<{ username: string }>][] = [
  ['points', PointsSection],
  ['statistics', StatisticsSection],
  ['badges', BadgesSection],
  ['challenges', ChallengesSection],
  ['module_stats', ModuleStatsSection],
];

function pageTitle(query: ReturnType<typeof usePublicProfile>): string | null {
  if (query.data) return `${displayName(query.data)} (@${query.data.username})`;
  if (query.isError) return isMissing(query.error) ? 'Profile not found' : 'Profile';
  return null;
}

function ProfileView({ profile }: { profile: PublicProfile }) {
  const shown = new Set(profile.sections);
  return (
    <Stack spacing={3}>
      <ProfileCard profile={profile} />
      {SECTIONS.filter(([section]) => shown.has(section)).map(([section, Section]) => (
        <Section key={section} username={profile.username} />
      ))}
    </Stack>
  );
}

/** R2 /profile/{username}: public (no sign-in, no layout), showing only what the owner chose to show. */
export function PublicProfilePage() {
  const { username = '' } = useParams();
  const query = usePublicProfile(username);
  usePageTitle(pageTitle(query));

  let body;
  if (query.isPending) {
    body = <LoadingBlock label="Loading the profile…" />;
  } else if (query.isError) {
    body = isMissing(query.error) ? (
      <ProfileMissing />
    ) : (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        <Typography component="h1" sx={{ fontWeight: 700, fontSize: 'inherit', display: 'inline' }}>
          Could not load this profile.
        </Typography>{' '}
        {apiErrorText(query.error, 'Please check your connection and try again.')}
      </Alert>
    );
  } else {
    body = <ProfileView profile={query.data} />;
  }
  return <PublicFrame>{body}</PublicFrame>;
}
