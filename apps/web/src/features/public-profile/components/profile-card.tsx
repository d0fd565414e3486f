import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import MilitaryTech from '@mui/icons-material/MilitaryTech';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicProfile } from '@bastion/contract';
import defaultAvatar from '../../../assets/default-avatar.svg';
import { ShareButtons } from '../../../components/share-buttons.tsx';
import { countryFlag, countryName } from '../../../lib/country.ts';
import { mediaUrl } from '../../../lib/media-url.ts';
import { displayName, formatJoined, rankText } from '../lib/format.ts';

/** Who this is: photo, name, country, join date, all-time rank and bio, with a way to share the page. */
export function ProfileCard({ profile }: { profile: PublicProfile }) {
  const name = displayName(profile);
  const joined = formatJoined(profile.date_joined);
  const flag = countryFlag(profile.country);
  const shareUrl = `${window.location.origin}/profile/${encodeURIComponent(profile.username)}`;
  return (
    <Paper
      component="header"
      variant="outlined"
      sx={(theme) => ({
        p: { xs: 3, sm: 5 },
        borderRadius: 4,
        textAlign: 'center',
        background: `radial-gradient(ellipse at top, ${theme.palette.heroGlow}, transparent 70%)`,
      })}
    >
      <Typography variant="eyebrow" component="p" sx={{ color: 'primary.main' }}>
        Learner profile
      </Typography>
      <Avatar
        src={mediaUrl(profile.photo) ?? defaultAvatar}
        alt={`Photo of ${name}`}
        sx={{ width: 112, height: 112, mx: 'auto', mt: 3, mb: 2, border: 2, borderColor: 'divider' }}
      />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.5rem' }, overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>@{profile.username}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'center', flexWrap: 'wrap', mt: 3 }}>
        {profile.country.trim() && (
          <Chip
            variant="outlined"
            icon={
              flag ? (
                <Box component="span" aria-hidden sx={{ fontSize: '1.1rem', pl: 0.5 }}>
                  {flag}
                </Box>
              ) : undefined
            }
            label={countryName(profile.country)}
          />
        )}
        <Chip
          variant="outlined"
          icon={<MilitaryTech />}
          label={profile.rank === null ? 'Not ranked yet' : `Rank ${rankText(profile.rank)}`}
          sx={{ fontWeight: 600 }}
        />
        {joined && <Chip variant="outlined" icon={<CalendarMonthOutlined />} label={`Joined ${joined}`} />}
      </Stack>
      {profile.bio.trim() && (
        <Typography sx={{ mt: 3, maxWidth: 560, mx: 'auto', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {profile.bio}
        </Typography>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
        <ShareButtons url={shareUrl} text={`${name} is learning cybersecurity on Bastion.`} />
      </Box>
    </Paper>
  );
}
