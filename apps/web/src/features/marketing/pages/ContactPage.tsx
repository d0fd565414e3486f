import Email from '@mui/icons-material/Email';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePublicConfig } from '@/lib/public-config.ts';
import { ContactForm } from '../components/contact-form.tsx';

/** `/contact`: the public contact form. */
export function ContactPage() {
  const supportEmail = usePublicConfig().data?.support_email;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
      <Box sx={{ display: 'grid', gap: { xs: 5, md: 8 }, gridTemplateColumns: { xs: '1fr', md: '0.8fr 1.2fr' } }}>
        <Box>
          <Typography variant="eyebrow" sx={{ color: 'primary.main', mb: 1.5 }}>
            Contact
          </Typography>
          <Typography variant="h1" sx={{ mb: 2 }}>
            Talk to the Bastion team
          </Typography>
          <Typography variant="subtitle1" component="p" sx={{ color: 'text.secondary', mb: 4 }}>
            Questions about courses, your account, Premium or using Bastion with a class or team? Send us a message and
            we will answer by email.
          </Typography>
          {supportEmail && (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Email sx={{ color: 'primary.main' }} aria-hidden />
              <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
            </Stack>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 3 }}>
            Found a security issue in Bastion itself? Write to the same address with “Security” in the subject, and
            please give us time to fix it before disclosing it.
          </Typography>
        </Box>
        <Box
          sx={{ p: { xs: 3, md: 4 }, borderRadius: 4, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          <ContactForm />
        </Box>
      </Box>
    </Container>
  );
}
