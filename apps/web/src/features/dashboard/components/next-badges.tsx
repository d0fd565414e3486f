import type { LockedBadge } from '@bastion/contract';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LockedBadgeList } from '@/components/badge-list.tsx';

/** The badges closest to done, with how far along the learner is. */
export function NextBadges({ badges }: { badges: LockedBadge[] }) {
  if (badges.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography sx={{ color: 'text.secondary' }}>Every badge is yours. Impressive.</Typography>
      </Paper>
    );
  }
  return <LockedBadgeList badges={badges} label="Next badges" />;
}
