import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router';
import { MenuDrawer } from '@/components/layout/menu-drawer.tsx';
import { NAV_LINKS, SUBSCRIPTION_PATH } from '../lib/nav-links.ts';

interface ShellMenuDrawerProps {
  open: boolean;
  onClose(): void;
  subscriptionLabel: string | null;
  onSendFeedback(): void;
}

/** R2: on small screens a hamburger menu with the navbar links plus Send Feedback. */
export function ShellMenuDrawer({ open, onClose, subscriptionLabel, onSendFeedback }: ShellMenuDrawerProps) {
  const links = subscriptionLabel ? [...NAV_LINKS, { to: SUBSCRIPTION_PATH, label: subscriptionLabel }] : NAV_LINKS;
  return (
    <MenuDrawer open={open} onClose={onClose} anchor="left" id="shell-menu" label="Main menu">
      <Box component="nav" aria-label="Main">
        <List>
          {links.map((link) => (
            <ListItem key={link.to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={link.to}
                onClick={onClose}
                sx={{ '&.active': { color: 'primary.main', fontWeight: 700, bgcolor: 'action.selected' } }}
              >
                <ListItemText primary={link.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <Divider />
      <List>
        <ListItem disablePadding>
          <ListItemButton
            onClick={() => {
              onClose();
              onSendFeedback();
            }}
          >
            <ListItemIcon>
              <RateReviewOutlined />
            </ListItemIcon>
            <ListItemText primary="Send Feedback" />
          </ListItemButton>
        </ListItem>
      </List>
    </MenuDrawer>
  );
}
