import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import MilitaryTech from '@mui/icons-material/MilitaryTech';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicProfile } from '@bastion/contract';
import { PublicRecordCard, RecordPerson } from '@/components/public-record.tsx';
import { ShareButtons } from '@/components/share-buttons.tsx';
import { countryName } from '@/lib/country.ts';
import { CountryFlag, flagUrl } from '@/components/country-flag.tsx';
import { displayName, formatJoined, rankText } from '../lib/format.ts';

/** Who this is: photo, name, country, join date, all-time rank and bio, with a way to share the page. */
export function ProfileCard({ profile }: { profile: PublicProfile }) {
  const name = displayName(profile);
  const joined = formatJoined(profile.date_joined);
  const shareUrl = `${window.location.origin}/profile/${encodeURIComponent(profile.username)}`;
  return (
    <PublicRecordCard component="header">
      <RecordPerson
        eyebrow="Learner profile"
        name={name}
        username={profile.username}
        photo={profile.photo}
        avatarSize={112}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'center', flexWrap: 'wrap', mt: 3 }}>
        {profile.country.trim() && (
          <Chip
            variant="outlined"
            icon={
              flagUrl(profile.country) ? (
                <Box component="span" sx={{ display: 'inline-flex', pl: 0.5 }}>
                  <CountryFlag code={profile.country} decorative />
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
    </PublicRecordCard>
  );
}
