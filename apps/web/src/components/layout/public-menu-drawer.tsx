import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../brand/logo.tsx';
import { HOME_SECTIONS, PAGE_LINKS } from './site-links.ts';

interface PublicMenuDrawerProps {
  open: boolean;
  onClose(): void;
  signedIn: boolean;
}

/** The public top bar's links on screens too narrow to show them inline. */
export function PublicMenuDrawer({ open, onClose, signedIn }: PublicMenuDrawerProps) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { id: 'public-menu', 'aria-label': 'Site menu', sx: { width: 300, maxWidth: '85vw' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 2 }}>
        <Logo />
        <IconButton aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
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
    </Drawer>
  );
}
