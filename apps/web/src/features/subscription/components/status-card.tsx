import type { SubscriptionStatus } from '@bastion/contract';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/format-time.ts';
import { SOURCE_LABELS } from '../lib/plan-format.ts';

const rowSx = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: { xs: 0, sm: 2 }, py: 1 };

/** What the learner has now: Premium (until when, and how it was obtained) or the free plan. */
export function StatusCard({ status }: { status: SubscriptionStatus }) {
  const until = status.premium_until ? (formatDateTime(status.premium_until) ?? status.premium_until) : 'No end date';
  return (
    <Box
      component="section"
      aria-labelledby="subscription-status-title"
      sx={{
        p: { xs: 2, sm: 3 },
        mb: 4,
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="subscription-status-title" variant="h5" component="h2">
          Your plan
        </Typography>
        {status.is_premium ? (
          <Chip icon={<WorkspacePremium />} label="Premium" color="primary" />
        ) : (
          <Chip label="Free" variant="outlined" />
        )}
      </Box>
      <Box component="dl" sx={{ m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, fontWeight: 600 } }}>
        <Box sx={rowSx}>
          <dt>Status</dt>
          <dd>{status.is_premium ? 'Premium is active' : 'Free plan'}</dd>
        </Box>
        {status.is_premium && (
          <>
            <Box sx={rowSx}>
              <dt>Premium until</dt>
              <dd>{until}</dd>
            </Box>
            {status.source && (
              <Box sx={rowSx}>
                <dt>Obtained through</dt>
                <dd>{SOURCE_LABELS[status.source]}</dd>
              </Box>
            )}
          </>
        )}
      </Box>
      {!status.is_premium && (
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          Premium adds the courses, modules and challenges listed below. Everything you have earned stays yours.
        </Typography>
      )}
    </Box>
  );
}
