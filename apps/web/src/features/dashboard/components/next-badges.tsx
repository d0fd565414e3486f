import type { LockedBadge } from '@bastion/contract';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ProgressMeter } from '../../../components/progress-meter.tsx';
import { mediaUrl } from '../../../lib/media-url.ts';

/** The badges closest to done, with how far along the learner is. */
export function NextBadges({ badges }: { badges: LockedBadge[] }) {
  if (badges.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography sx={{ color: 'text.secondary' }}>Every badge is yours. Impressive.</Typography>
      </Paper>
    );
  }
  return (
    <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {badges.map((badge) => {
        const image = mediaUrl(badge.image);
        const percent = badge.target > 0 ? (badge.current / badge.target) * 100 : 0;
        return (
          <Paper
            key={badge.id}
            variant="outlined"
            component="li"
            sx={{ p: 2, listStyle: 'none', display: 'flex', gap: 2 }}
          >
            <Box sx={{ width: 48, height: 48, flexShrink: 0, opacity: 0.55, filter: 'grayscale(1)' }}>
              {image ? (
                <Box component="img" src={image} alt="" sx={{ width: 48, height: 48 }} />
              ) : (
                <EmojiEvents aria-hidden sx={{ fontSize: 48 }} />
              )}
            </Box>
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
