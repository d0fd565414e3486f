import EmojiEvents from '@mui/icons-material/EmojiEvents';
import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import MilitaryTech from '@mui/icons-material/MilitaryTech';
import WhatshotOutlined from '@mui/icons-material/WhatshotOutlined';
import Box from '@mui/material/Box';
import { usePublicPoints } from '../api/get-public-points.ts';
import { daysText, rankText } from '../lib/format.ts';
import { ProfileSection } from './profile-section.tsx';
import { StatTile, statListSx } from '@/components/stat-tile.tsx';
import { formatNumber } from '@/lib/plural.ts';

export function PointsSection({ username }: { username: string }) {
  const query = usePublicPoints(username);
  return (
    <ProfileSection id="points" title="Points and rank" query={query}>
      {(points) => (
        <Box component="ul" aria-label="Points and rank" sx={statListSx}>
          <StatTile icon={<EmojiEvents />} label="Points" value={formatNumber(points.points)} />
          <StatTile icon={<MilitaryTech />} label="All-time rank" value={rankText(points.rank)} />
          <StatTile icon={<LocalFireDepartment />} label="Current streak" value={daysText(points.streak)} />
          <StatTile icon={<WhatshotOutlined />} label="Longest streak" value={daysText(points.longest_streak)} />
        </Box>
      )}
    </ProfileSection>
  );
}
