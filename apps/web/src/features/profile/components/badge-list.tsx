import type { EarnedBadge, LockedBadge } from '@bastion/contract';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ProgressMeter } from '../../../components/progress-meter.tsx';
import { mediaUrl } from '../../../lib/media-url.ts';
import { formatDay } from '../lib/format.ts';

function BadgeImage({ path, locked }: { path: string | null; locked?: boolean }) {
  const image = mediaUrl(path);
  return (
    <Box
      aria-hidden
      sx={{
        width: 48,
        height: 48,
        flexShrink: 0,
        color: 'points',
        ...(locked && { opacity: 0.55, filter: 'grayscale(1)' }),
      }}
    >
      {image ? (
        <Box component="img" src={image} alt="" sx={{ width: 48, height: 48 }} />
      ) : (
        <EmojiEvents sx={{ fontSize: 48 }} />
      )}
    </Box>
  );
}

const listSx = { p: 0, m: 0, display: 'grid', gap: 1.5 } as const;
const itemSx = { p: 2, listStyle: 'none', display: 'flex', gap: 2 } as const;

export function EarnedBadgeList({ badges }: { badges: EarnedBadge[] }) {
  return (
    <Box component="ul" aria-label="Earned badges" sx={listSx}>
      {badges.map((badge) => (
        <Paper key={badge.id} variant="outlined" component="li" sx={itemSx}>
          <BadgeImage path={badge.image} />
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {badge.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {badge.description}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Earned <time dateTime={badge.earned_at}>{formatDay(badge.earned_at)}</time>
              {badge.points > 0 && ` · +${badge.points} points`}
            </Typography>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

export function LockedBadgeList({ badges }: { badges: LockedBadge[] }) {
  return (
    <Box component="ul" aria-label="Locked badges" sx={listSx}>
      {badges.map((badge) => {
        const percent = badge.target > 0 ? (badge.current / badge.target) * 100 : 0;
        return (
          <Paper key={badge.id} variant="outlined" component="li" sx={itemSx}>
            <BadgeImage path={badge.image} locked />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {badge.name}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                {badge.description} · {badge.current} / {badge.target}
              </Typography>
              <ProgressMeter value={percent} label={`${badge.name} progress`} />
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
