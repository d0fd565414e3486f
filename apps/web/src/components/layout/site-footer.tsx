import Instagram from '@mui/icons-material/Instagram';
import LinkedIn from '@mui/icons-material/LinkedIn';
import Telegram from '@mui/icons-material/Telegram';
import XIcon from '@mui/icons-material/X';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { APP_NAME, FOOTER_VERSION, type CommunityNetwork } from '@bastion/contract';
import { communityLinks, telegramShareUrl } from '@/domain/community-links.ts';
import { usePublicConfig } from '@/lib/public-config.ts';
import { useBrowserValue } from '@/lib/use-browser-value.ts';
import { DiscordIcon } from '../brand/discord-icon.tsx';
import { LogoMark } from '../brand/logo-mark.tsx';

const SOCIALS: { network: CommunityNetwork; label: string; icon: ReactNode }[] = [
  { network: 'x', label: `${APP_NAME} on X`, icon: <XIcon fontSize="small" /> },
  { network: 'instagram', label: `${APP_NAME} on Instagram`, icon: <Instagram fontSize="small" /> },
  { network: 'linkedin', label: `${APP_NAME} on LinkedIn`, icon: <LinkedIn fontSize="small" /> },
  { network: 'telegram', label: `${APP_NAME} on Telegram`, icon: <Telegram fontSize="small" /> },
  { network: 'discord', label: `${APP_NAME} on Discord`, icon: <DiscordIcon fontSize="small" /> },
];

// Standalone navigation links (not inside a sentence): underlined on hover only.
const linkSx = {
  color: 'text.secondary',
  fontSize: '0.875rem',
  textDecoration: 'none',
  '&:hover': { color: 'text.primary', textDecoration: 'underline' },
} as const;

/**
 * R2 footer: version, the six links and the social links. Shared by both layouts. The social links
 * are the operator's (GET /api/config/); one that is not configured is not shown.
 */
export function SiteFooter() {
  const config = usePublicConfig().data;
  const links = communityLinks(config);
  // The server's own address once its settings are known (a server-rendered page has them before any script).
  const siteUrl = useBrowserValue(() => config?.site_url ?? window.location.origin, config?.site_url ?? '');
  const year = useBrowserValue(() => new Date().getFullYear(), __BUILD_YEAR__);
  const socials = SOCIALS.flatMap((social) => {
    const href = links[social.network];
    return href ? [{ ...social, href }] : [];
  });
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', mt: 'auto' }}>
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 5 } }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={{ xs: 3, md: 4 }}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', md: 'center' } }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <LogoMark size={28} />
            <Box>
              <Typography sx={{ fontWeight: 700 }}>{APP_NAME}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                Hands-on cybersecurity training · <span data-testid="footer-version">{FOOTER_VERSION}</span>
              </Typography>
            </Box>
          </Stack>

          <Box component="nav" aria-label="Footer">
            <Box
              component="ul"
              sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1.5 }}
            >
              <li>
                <Link component={RouterLink} to="/" sx={linkSx}>
                  Home
                </Link>
              </li>
              <li>
                <Link component={RouterLink} to={{ pathname: '/', hash: '#what-we-do' }} sx={linkSx}>
                  About
                </Link>
              </li>
              <li>
                <Link
                  href={links.telegram ?? telegramShareUrl(siteUrl)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={links.telegram ? undefined : `Share ${APP_NAME} on Telegram`}
                  sx={linkSx}
                >
                  Telegram
                </Link>
              </li>
              <li>
                {config ? (
                  <Link href={`mailto:${config.support_email}`} sx={linkSx}>
                    Contact
                  </Link>
                ) : (
                  <Link component={RouterLink} to="/contact" sx={linkSx}>
                    Contact
                  </Link>
                )}
              </li>
              <li>
                <Link component={RouterLink} to="/privacy" sx={linkSx}>
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link component={RouterLink} to="/terms" sx={linkSx}>
                  Terms of Service
                </Link>
              </li>
            </Box>
          </Box>

          {socials.length > 0 && (
            <Stack direction="row" spacing={0.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {socials.map((social) => (
                <li key={social.label}>
                  <IconButton
                    component="a"
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={social.label}
                    size="small"
                    sx={{ color: 'text.secondary', '&:hover': { color: 'primary.main' } }}
                  >
                    {social.icon}
                  </IconButton>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 3 }}>
          © {year} {APP_NAME}. Train your skills only on systems you are allowed to test.
        </Typography>
      </Container>
    </Box>
  );
}
