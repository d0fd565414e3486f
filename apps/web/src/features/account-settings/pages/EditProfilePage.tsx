import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { isTwoFactorSetupRequired } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useOwnProfile } from '@/lib/own-profile.ts';
import { AvatarField } from '../components/avatar-field.tsx';
import { ProfileDetailsForm } from '../components/profile-details-form.tsx';
import { PublicProfileSettingsForm } from '../components/public-profile-settings.tsx';
import { SecuritySection } from '../components/security-section.tsx';
import { SettingsCard } from '../components/settings-card.tsx';

/**
 * R2 /edit-profile (signed in): photo, personal details and the public-profile settings, then the
 * security section (two-factor sign-in, signed-in sessions), which appears once the profile has loaded (one
 * loading state and one failure for the page, not three).
 */
export function EditProfilePage() {
  usePageTitle('Edit profile');
  const profile = useOwnProfile();
  // Shown with the profile; also when the profile is refused only until two-factor sign-in is on.
  const showSecurity = profile.isSuccess || isTwoFactorSetupRequired(profile.error);

  let body;
  if (profile.isPending) {
    body = <LoadingBlock label="Loading your profile…" />;
  } else if (profile.isError) {
    body = (
      <LoadError title="Could not load your profile." error={profile.error} onRetry={() => void profile.refetch()} />
    );
  } else {
    const data = profile.data;
    body = (
      <Stack spacing={3}>
        <SettingsCard
          id="photo"
          title="Photo"
          description="Shown in the navbar, on the leaderboard and on your profile."
        >
          <AvatarField profile={data} />
        </SettingsCard>
        <SettingsCard id="details" title="Personal details">
          {/* Keyed by user so a different account never starts from another's unsaved values. */}
          <ProfileDetailsForm key={data.id} profile={data} />
        </SettingsCard>
        <SettingsCard
          id="public"
          title="Public profile"
          description="Choose whether others can see your profile, and what it shows. Your email never appears on it."
        >
          <PublicProfileSettingsForm profile={data} />
        </SettingsCard>
      </Stack>
    );
  }

  return (
    <Container maxWidth="md" sx={pageContainerSx}>
      <PageHeader eyebrow="Account" title="Edit profile">
        How you appear on Bastion, and how you sign in.
      </PageHeader>
      <Stack spacing={3}>
        {body}
        {showSecurity && <SecuritySection />}
        <Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Looking for your password?{' '}
            <Link component={RouterLink} to="/change-password">
              Change your password
            </Link>
          </Typography>
        </Box>
      </Stack>
    </Container>
  );
}
