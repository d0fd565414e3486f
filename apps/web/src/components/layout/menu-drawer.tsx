import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { Logo } from '../brand/logo.tsx';

interface MenuDrawerProps {
  open: boolean;
  onClose(): void;
  anchor: 'left' | 'right';
  /** The id the menu button's aria-controls names, and the drawer's accessible name. */
  id: string;
  label: string;
  children: ReactNode;
}

/** A top bar's links on screens too narrow to show them inline: the logo, a close button, then the links. */
export function MenuDrawer({ open, onClose, anchor, id, label, children }: MenuDrawerProps) {
  return (
    <Drawer
      anchor={anchor}
      open={open}
      onClose={onClose}
      slotProps={{ paper: { id, 'aria-label': label, sx: { width: 300, maxWidth: '85vw' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 2 }}>
        <Logo />
        <IconButton aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      {children}
    </Drawer>
  );
}
