import type { Profile } from '@bastion/contract';
import Edit from '@mui/icons-material/Edit';
import Public from '@mui/icons-material/Public';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import defaultAvatar from '@/assets/default-avatar.svg';
import { countryName } from '@/lib/country.ts';
import { CountryFlag } from '@/components/country-flag.tsx';
import { mediaUrl } from '@/lib/media-url.ts';
import { formatMonthYear } from '../lib/format.ts';

export const publicProfilePath = (username: string) => `/profile/${encodeURIComponent(username)}`;

/** Who the learner is: photo, name, username, country, join date, premium; edit and public-page links. */
export function ProfileHeader({ profile }: { profile: Profile }) {
  const fullName = `${profile.first_name} ${profile.last_name}`.trim();
  const name = fullName || profile.username;
  const isPublic = profile.public_profile.is_public;

  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'flex-start', sm: 'center' },
        gap: { xs: 2, sm: 3 },
        mb: { xs: 4, md: 5 },
      }}
    >
      <Avatar
        src={mediaUrl(profile.photo) ?? defaultAvatar}
        alt={`Photo of ${name}`}
        sx={{ width: { xs: 88, md: 112 }, height: { xs: 88, md: 112 }, border: 2, borderColor: 'divider' }}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="eyebrow" sx={{ color: 'primary.main' }}>
          Your profile
        </Typography>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.875rem', md: '2.5rem' }, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center', color: 'text.secondary', mt: 0.5 }}
        >
          <Typography>@{profile.username}</Typography>
          {profile.country && (
            <Typography>
              <Box component="span" sx={{ mr: 0.5 }}>
                <CountryFlag code={profile.country} decorative />
              </Box>
              {countryName(profile.country)}
            </Typography>
          )}
          <Typography>Member since {formatMonthYear(profile.date_joined)}</Typography>
          {profile.is_premium && (
            <Chip icon={<WorkspacePremium />} label="Premium" color="secondary" size="small" variant="outlined" />
          )}
        </Stack>
        {profile.bio && <Typography sx={{ mt: 1.5, maxWidth: 720 }}>{profile.bio}</Typography>}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 2 }}>
          <Button component={RouterLink} to="/edit-profile" variant="contained" startIcon={<Edit />}>
            Edit profile
          </Button>
          {isPublic ? (
            <Button
              component={RouterLink}
              to={publicProfilePath(profile.username)}
              variant="outlined"
              startIcon={<Public />}
            >
              View public profile
            </Button>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Your public profile is hidden. Turn it on in Edit profile.
            </Typography>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
