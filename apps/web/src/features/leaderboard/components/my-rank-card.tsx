import type { LeaderboardResponse } from '@bastion/contract';
import PersonPin from '@mui/icons-material/PersonPin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { pointsText } from '../lib/format.ts';
import { PERIOD_LABELS, pageOfRank, writeLeaderboardParams } from '../lib/leaderboard-params.ts';
import { formatNumber } from '@/lib/plural.ts';

interface MyRankCardProps {
  me: LeaderboardResponse['me'];
  period: LeaderboardResponse['period'];
}

const NO_RANK: Record<LeaderboardResponse['period'], string> = {
  all: 'You are not on the board yet. Complete a lesson or a quiz to earn your first points.',
  month: 'You have not earned points this month yet. Complete a lesson or a quiz to join the board.',
  week: 'You have not earned points this week yet. Complete a lesson or a quiz to join the board.',
};

/** The learner's own standing, pinned beside the table when their row is not on the page shown. */
export function MyRankCard({ me, period }: MyRankCardProps) {
  const titleId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={(theme) => ({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: { xs: 1.5, sm: 2 },
        p: { xs: 1.5, sm: 2 },
        my: 2,
        borderRadius: 3,
        border: 1,
        borderColor: 'primary.main',
        bgcolor: alpha(theme.palette.primary.main, 0.08),
      })}
    >
      <PersonPin aria-hidden sx={{ color: 'primary.main', fontSize: 32 }} />
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography id={titleId} variant="subtitle2" component="h2" sx={{ color: 'text.secondary' }}>
          Your rank · {PERIOD_LABELS[period]}
        </Typography>
        {me.rank === null ? (
          <Typography>{NO_RANK[period]}</Typography>
        ) : (
          <Typography sx={{ fontWeight: 700, fontSize: '1.125rem' }}>
            #{formatNumber(me.rank)} · {pointsText(me.points)}
          </Typography>
        )}
      </Box>
      {me.rank !== null && (
        <Button
          component={RouterLink}
          to={{ search: writeLeaderboardParams({ period, page: pageOfRank(me.rank) }).toString() }}
          variant="outlined"
          size="small"
        >
          Show my page
        </Button>
      )}
    </Box>
  );
}
