import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '@/lib/session';
import { Logo } from '../brand/logo.tsx';
import { ThemeToggle } from '../theme-toggle.tsx';
import { HOME_SECTIONS, PAGE_LINKS } from './site-links.ts';

// The menu is only needed on narrow screens, once opened: its code loads then.
const PublicMenuDrawer = lazy(async () => ({ default: (await import('./public-menu-drawer.tsx')).PublicMenuDrawer }));

const navButtonSx = { color: 'text.secondary', px: 1.5, '&:hover': { color: 'text.primary' } } as const;

/** R2 public top bar: home-page sections, Contact, Pricing, Login and Register. */
export function PublicTopBar() {
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);

  return (
    <AppBar position="sticky">
      <Container maxWidth="lg" disableGutters>
        <Toolbar sx={{ gap: 1, minHeight: { xs: 64 }, px: { xs: 2, sm: 3 } }}>
          <Logo />
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', lg: 'flex' }, ml: 3, gap: 0.5 }}>
            {HOME_SECTIONS.map((section) => (
              <Button
                key={section.id}
                component={RouterLink}
                to={{ pathname: '/', hash: `#${section.id}` }}
                sx={navButtonSx}
              >
                {section.label}
              </Button>
            ))}
            {PAGE_LINKS.map((link) => (
              <Button key={link.to} component={RouterLink} to={link.to} sx={navButtonSx}>
                {link.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <ThemeToggle />
          {signedIn ? (
            <Button
              component={RouterLink}
              to="/dashboard"
              variant="contained"
              sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
            >
              Dashboard
            </Button>
          ) : (
            <Box sx={{ display: { xs: 'none', sm: 'flex' }, gap: 1 }}>
              <Button component={RouterLink} to="/login" color="inherit">
                Login
              </Button>
              <Button component={RouterLink} to="/register" variant="contained">
                Register
              </Button>
            </Box>
          )}
          <IconButton
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? 'public-menu' : undefined}
            onClick={() => {
              setMenuUsed(true);
              setMenuOpen(true);
            }}
            edge="end"
            color="inherit"
            sx={{ display: { lg: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      {menuUsed && (
        <Suspense fallback={null}>
          <PublicMenuDrawer open={menuOpen} onClose={() => setMenuOpen(false)} signedIn={signedIn} />
        </Suspense>
      )}
    </AppBar>
  );
}
