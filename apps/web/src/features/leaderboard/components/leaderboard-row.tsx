import { ANONYMOUS_LEARNER, type LeaderboardEntry } from '@bastion/contract';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { alpha } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import defaultAvatar from '@/assets/default-avatar.svg';
import { mediaUrl } from '@/lib/media-url.ts';
import { CountryFlag } from '@/components/country-flag.tsx';
import { StreakBadge } from './streak-badge.tsx';
import { formatNumber } from '@/lib/plural.ts';

/** Gold, silver and bronze for the top three. */
const MEDALS = ['#eab308', '#94a3b8', '#c2763a'] as const;

interface LeaderboardRowProps {
  entry: LeaderboardEntry;
  /** The signed-in learner's own row. */
  mine: boolean;
}

export function LeaderboardRow({ entry, mine }: LeaderboardRowProps) {
  const medal = MEDALS[entry.rank - 1];
  // A learner whose public profile is off comes without a username: named by the label, linked nowhere.
  const name = entry.username ?? ANONYMOUS_LEARNER;
  return (
    <TableRow
      aria-current={mine ? 'true' : undefined}
      data-mine={mine || undefined}
      sx={(theme) => ({
        ...(mine && {
          bgcolor: alpha(theme.palette.primary.main, 0.12),
          boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}`,
        }),
      })}
    >
      <TableCell sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {medal && (
            <EmojiEvents aria-hidden sx={{ fontSize: 18, color: medal, display: { xs: 'none', sm: 'inline' } }} />
          )}
          {formatNumber(entry.rank)}
        </Box>
      </TableCell>
      <TableCell sx={{ maxWidth: { xs: 140, sm: 'none' } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 1.5 }, minWidth: 0 }}>
          <Avatar
            src={mediaUrl(entry.photo) ?? defaultAvatar}
            alt=""
            sx={{ width: { xs: 28, sm: 36 }, height: { xs: 28, sm: 36 }, flexShrink: 0 }}
          />
          <Box
            {...(entry.profile_public && entry.username !== null
              ? { component: RouterLink, to: `/profile/${encodeURIComponent(entry.username)}` }
              : { component: 'span' as const })}
            title={name}
            sx={{
              fontWeight: 600,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              minWidth: 0,
              color: 'inherit',
              textDecorationColor: 'currentColor',
            }}
          >
            {name}
          </Box>
          {mine && <Chip label="You" size="small" color="primary" sx={{ flexShrink: 0, fontWeight: 700 }} />}
        </Box>
      </TableCell>
      <TableCell align="center">
        <CountryFlag code={entry.country} />
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatNumber(entry.points)}
      </TableCell>
      <TableCell align="right">
        <StreakBadge days={entry.streak} />
      </TableCell>
    </TableRow>
  );
}
