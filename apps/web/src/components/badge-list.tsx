import type { LockedBadge } from '@bastion/contract';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { mediaUrl } from '../lib/media-url.ts';
import { ProgressMeter } from './progress-meter.tsx';
import { InlineMarkdown } from './inline-markdown.tsx';

/** A badge's picture (a trophy when it has none), greyed out while locked. */
export function BadgeImage({ path, locked }: { path: string | null; locked?: boolean }) {
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

export const badgeListSx = { p: 0, m: 0, display: 'grid', gap: 1.5 } as const;
export const badgeItemSx = { p: 2, listStyle: 'none', display: 'flex', gap: 2 } as const;

/** Badges not earned yet, each with how far along the learner is. */
export function LockedBadgeList({ badges, label = 'Locked badges' }: { badges: LockedBadge[]; label?: string }) {
  return (
    <Box component="ul" aria-label={label} sx={badgeListSx}>
      {badges.map((badge) => {
        const percent = badge.target > 0 ? (badge.current / badge.target) * 100 : 0;
        return (
          <Paper key={badge.id} variant="outlined" component="li" sx={badgeItemSx}>
            <BadgeImage path={badge.image} locked />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {badge.name}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                <InlineMarkdown>{badge.description}</InlineMarkdown> · {badge.current} / {badge.target}
              </Typography>
              <ProgressMeter value={percent} label={`${badge.name} progress`} />
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
