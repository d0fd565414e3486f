import type { SubscriptionPlan } from '@bastion/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { INTERVAL_LABELS, planPrice } from '../lib/plan-format.ts';

interface PlanCardProps {
  plan: SubscriptionPlan;
  current: boolean;
  /** Shown only when the plan can be bought online now. */
  onUpgrade?: () => void;
  upgrading?: boolean;
}

/** One plan: price, interval, what it includes, and the way to it. */
export function PlanCard({ plan, current, onUpgrade, upgrading = false }: PlanCardProps) {
  const titleId = useId();
  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        p: { xs: 2.5, sm: 3 },
        border: current ? 2 : 1,
        borderColor: current ? 'primary.main' : 'divider',
        borderRadius: 3,
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id={titleId} variant="h5" component="h3">
          {plan.name}
        </Typography>
        {current && <Chip label="Current plan" size="small" color="primary" variant="outlined" />}
      </Box>
      <Typography sx={{ mb: 2 }}>
        <Box component="span" sx={{ fontSize: '2rem', fontWeight: 800 }}>
          {planPrice(plan)}
        </Box>
        {plan.interval && (
          <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
            {INTERVAL_LABELS[plan.interval]}
          </Box>
        )}
      </Typography>
      <Box component="ul" aria-label={`${plan.name} includes`} sx={{ listStyle: 'none', p: 0, m: 0, mb: 3, flex: 1 }}>
        {plan.features.map((feature) => (
          <Box component="li" key={feature} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.5 }}>
            <CheckCircle aria-hidden sx={{ fontSize: 20, color: 'primary.main', mt: '2px' }} />
            {feature}
          </Box>
        ))}
      </Box>
      {onUpgrade && (
        <Button variant="contained" size="large" onClick={onUpgrade} disabled={upgrading} fullWidth>
          {upgrading ? 'Opening checkout…' : `Upgrade to ${plan.name}`}
        </Button>
      )}
    </Box>
  );
}
