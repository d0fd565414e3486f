import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { MenuDrawer } from './menu-drawer.tsx';
import { HOME_SECTIONS, PAGE_LINKS } from './site-links.ts';

interface PublicMenuDrawerProps {
  open: boolean;
  onClose(): void;
  signedIn: boolean;
}

/** The public top bar's links on screens too narrow to show them inline. */
export function PublicMenuDrawer({ open, onClose, signedIn }: PublicMenuDrawerProps) {
  return (
    <MenuDrawer open={open} onClose={onClose} anchor="right" id="public-menu" label="Site menu">
      <Box component="nav" aria-label="Main">
        <List>
          {HOME_SECTIONS.map((section) => (
            <ListItem key={section.id} disablePadding>
              <ListItemButton component={RouterLink} to={{ pathname: '/', hash: `#${section.id}` }} onClick={onClose}>
                <ListItemText primary={section.label} />
              </ListItemButton>
            </ListItem>
          ))}
          {PAGE_LINKS.map((link) => (
            <ListItem key={link.to} disablePadding>
              <ListItemButton component={RouterLink} to={link.to} onClick={onClose}>
                <ListItemText primary={link.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <Divider />
      <Stack spacing={1.5} sx={{ p: 2 }}>
        {signedIn ? (
          <Button component={RouterLink} to="/dashboard" variant="contained" onClick={onClose}>
            Dashboard
          </Button>
        ) : (
          <>
            <Button component={RouterLink} to="/register" variant="contained" onClick={onClose}>
              Register
            </Button>
            <Button component={RouterLink} to="/login" variant="outlined" onClick={onClose}>
              Login
            </Button>
          </>
        )}
      </Stack>
    </MenuDrawer>
  );
}
