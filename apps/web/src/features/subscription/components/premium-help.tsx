import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePublicConfig } from '@/lib/public-config.ts';
import { UpgradeCodeForm } from './upgrade-code-form.tsx';

/**
 * Without online payments: the team hands out upgrade codes (or grants Premium directly), so the learner
 * gets the team's address, the contact form, and the form to redeem a code.
 */
export function PremiumHelp({ isPremium }: { isPremium: boolean }) {
  const titleId = useId();
  const supportEmail = usePublicConfig().data?.support_email;
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{
        mt: 3,
        p: { xs: 2.5, sm: 3 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        bgcolor: 'background.paper',
      }}
    >
      <Typography id={titleId} variant="h5" component="h2" sx={{ mb: 1 }}>
        {isPremium ? 'Extend Premium' : 'How to get Premium'}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        Online payment is not available here yet. Ask the team for an upgrade code and tell them your username; they can
        also {isPremium ? 'extend' : 'turn on'} Premium for your account directly.
        {supportEmail && (
          <>
            {' '}
            Write to <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link> or use the contact form.
          </>
        )}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, mb: 3 }}>
        <Button component={RouterLink} to="/contact" variant="outlined" sx={{ whiteSpace: 'nowrap' }}>
          Contact support
        </Button>
      </Stack>
      <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
        Have an upgrade code?
      </Typography>
      <UpgradeCodeForm />
    </Box>
  );
}
