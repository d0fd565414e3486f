import type { EarnedBadge } from '@bastion/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BadgeImage, badgeItemSx, badgeListSx } from '@/components/badge-list.tsx';
import { formatDay } from '../lib/format.ts';
import { plural } from '@/lib/plural.ts';
import { InlineMarkdown } from '@/components/inline-markdown.tsx';

export function EarnedBadgeList({ badges }: { badges: EarnedBadge[] }) {
  return (
    <Box component="ul" aria-label="Earned badges" sx={badgeListSx}>
      {badges.map((badge) => (
        <Paper key={badge.id} variant="outlined" component="li" sx={badgeItemSx}>
          <BadgeImage path={badge.image} />
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {badge.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              <InlineMarkdown>{badge.description}</InlineMarkdown>
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Earned <time dateTime={badge.earned_at}>{formatDay(badge.earned_at)}</time>
              {badge.points > 0 && ` · +${plural(badge.points, 'point')}`}
            </Typography>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
