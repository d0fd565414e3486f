import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { InlineMarkdown } from '@/components/inline-markdown.tsx';

export interface Plan {
  name: string;
  price: string;
  priceNote: string;
  summary: string;
  features: readonly string[];
  cta: { label: string; to: string };
  highlighted?: boolean;
}

export function PlanCard({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.name.toLowerCase()}`;
  return (
    <Box
      component="article"
      aria-labelledby={headingId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        p: { xs: 3, md: 4 },
        borderRadius: 4,
        border: plan.highlighted ? 2 : 1,
        borderColor: plan.highlighted ? 'primary.main' : 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id={headingId} variant="h3" component="h2">
          {plan.name}
        </Typography>
        {plan.highlighted && <Chip label="Full access" color="primary" size="small" />}
      </Box>
      <Typography sx={{ fontSize: '2.25rem', fontWeight: 800, lineHeight: 1.1 }}>{plan.price}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {plan.priceNote}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        <InlineMarkdown>{plan.summary}</InlineMarkdown>
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, mb: 4 }}>
        {plan.features.map((feature) => (
          <Box component="li" key={feature} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <Check sx={{ color: 'primary.main', mt: '2px' }} fontSize="small" aria-hidden />
            <Typography>{feature}</Typography>
          </Box>
        ))}
      </Box>
      <Button
        component={RouterLink}
        to={plan.cta.to}
        variant={plan.highlighted ? 'contained' : 'outlined'}
        size="large"
        sx={{ mt: 'auto' }}
      >
        {plan.cta.label}
      </Button>
    </Box>
  );
}
