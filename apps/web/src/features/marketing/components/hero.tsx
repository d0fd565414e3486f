import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { TerminalWindow } from './terminal-window.tsx';

const HERO_SESSION = [
  { command: 'whoami', output: 'learner' },
  { command: 'grep Root /etc/ssh/sshd_config', output: 'PermitRootLogin no' },
  {
    command: 'ss -tln',
    output: 'State   Local Address:Port\nLISTEN  0.0.0.0:22\nLISTEN  127.0.0.1:5432',
  },
  { command: 'cat flag.txt', output: 'bastion{least_privilege_wins}' },
];

/** The top of the home page: what Bastion is, in one screen. */
export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={(theme) => ({
        position: 'relative',
        overflow: 'hidden',
        py: { xs: 7, md: 12 },
        backgroundImage: `radial-gradient(900px 420px at 15% -10%, ${theme.palette.heroGlow}, transparent 70%)`,
      })}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 6, md: 8 },
            gridTemplateColumns: { xs: '1fr', md: '1.05fr 0.95fr' },
            alignItems: 'center',
          }}
        >
          <Box>
            <Typography variant="eyebrow" sx={{ color: 'primary.main', mb: 2 }}>
              Hands-on cybersecurity training
            </Typography>
            <Typography id="hero-title" variant="h1" sx={{ mb: 3 }}>
              Learn security by doing it, one command at a time.
            </Typography>
            <Typography variant="subtitle1" component="p" sx={{ color: 'text.secondary', mb: 4, maxWidth: 560 }}>
              Bastion teaches Linux, networking, web application security and cryptography through short lessons,
              terminal-style quizzes and step-by-step challenges with hints. Earn points, badges and certificates as you
              build skills you can prove.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {signedIn ? (
                <Button
                  component={RouterLink}
                  to="/dashboard"
                  variant="contained"
                  size="large"
                  endIcon={<ArrowForward />}
                >
                  Go to your dashboard
                </Button>
              ) : (
                <Button
                  component={RouterLink}
                  to="/register"
                  variant="contained"
                  size="large"
                  endIcon={<ArrowForward />}
                >
                  Start learning free
                </Button>
              )}
              <Button component={RouterLink} to={{ pathname: '/', hash: '#demos' }} variant="outlined" size="large">
                See how it works
              </Button>
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 3 }}>
              Free account · No installation · Runs in your browser
            </Typography>
          </Box>
          <TerminalWindow title="lesson: hardening SSH" lines={HERO_SESSION} />
        </Box>
      </Container>
    </Box>
  );
}
