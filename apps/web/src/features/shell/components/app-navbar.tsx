import MenuIcon from '@mui/icons-material/Menu';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { alpha } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Logo } from '@/components/brand/logo.tsx';
import { ThemeToggle } from '@/components/theme-toggle.tsx';
import { useNavbar } from '../api/get-navbar.ts';
import { NAV_LINKS, SUBSCRIPTION_PATH, subscriptionLabel } from '../lib/nav-links.ts';
import { PointsIndicator } from './points-indicator.tsx';
import { ShellMenuDrawer } from './shell-menu-drawer.tsx';
import { StreakIndicator } from './streak-indicator.tsx';
import { UserMenu } from './user-menu.tsx';

export interface AppNavbarProps {
  /** Opens the feedback dialog (R2: reachable from the navbar). */
  onSendFeedback(): void;
  /** The notification bell and its menu, rendered between the feedback button and the theme toggle. */
  notifications?: ReactNode;
}

const navLinkSx = {
  color: 'text.secondary',
  px: { lg: 1.25, xl: 1.5 },
  whiteSpace: 'nowrap',
  '&:hover': { color: 'text.primary' },
  '&.active': { color: 'text.primary', bgcolor: 'action.selected' },
} as const;

/** R2 signed-in navbar: links, subscription link, points, streak, notifications, avatar menu. */
export function AppNavbar({ onSendFeedback, notifications }: AppNavbarProps) {
  const navbar = useNavbar();
  const [menuOpen, setMenuOpen] = useState(false);
  const data = navbar.data;
  const subscription = data ? subscriptionLabel(data.is_premium) : null;

  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, minHeight: { xs: 64 }, px: { xs: 1, sm: 3 } }}>
        <IconButton
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? 'shell-menu' : undefined}
          onClick={() => setMenuOpen(true)}
          color="inherit"
          sx={{ display: { lg: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Logo hideWordmarkOnXs />

        <Box
          component="nav"
          aria-label="Main"
          sx={{ display: { xs: 'none', lg: 'flex' }, alignItems: 'center', ml: { lg: 2, xl: 3 }, gap: 0.5 }}
        >
          {NAV_LINKS.map((link) => (
            <Button key={link.to} component={NavLink} to={link.to} sx={navLinkSx}>
              {link.label}
            </Button>
          ))}
          {subscription && (
            <Button
              component={NavLink}
              to={SUBSCRIPTION_PATH}
              startIcon={<WorkspacePremium />}
              sx={(theme) => ({
                ml: 1,
                px: 1.5,
                whiteSpace: 'nowrap',
                color: theme.palette.secondary.main,
                border: `1px solid ${alpha(theme.palette.secondary.main, 0.45)}`,
                '&:hover': { bgcolor: alpha(theme.palette.secondary.main, 0.1) },
                '&.active': { bgcolor: alpha(theme.palette.secondary.main, 0.14) },
              })}
            >
              {subscription}
            </Button>
          )}
        </Box>

        <Box sx={{ flexGrow: 1 }} />

        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 } }}>
          {data ? (
            <>
              <PointsIndicator points={data.user_points} />
              <StreakIndicator days={data.user_strike} />
            </>
          ) : navbar.isPending ? (
            <>
              <Skeleton variant="rounded" width={64} height={30} sx={{ borderRadius: 999 }} />
              <Skeleton variant="rounded" width={48} height={30} sx={{ borderRadius: 999 }} />
            </>
          ) : null}
        </Box>

        <Tooltip title="Send Feedback">
          <IconButton
            aria-label="Send Feedback"
            onClick={onSendFeedback}
            color="inherit"
            sx={{ display: { xs: 'none', lg: 'inline-flex' } }}
          >
            <RateReviewOutlined />
          </IconButton>
        </Tooltip>
        {notifications}
        <ThemeToggle />
        <UserMenu photo={data?.user_photo} staff={data?.is_staff === true} />
      </Toolbar>
      <ShellMenuDrawer
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        subscriptionLabel={subscription}
        onSendFeedback={onSendFeedback}
      />
    </AppBar>
  );
}
