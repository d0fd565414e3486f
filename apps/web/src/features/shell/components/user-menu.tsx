import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import defaultAvatar from '@/assets/default-avatar.svg';
import { mediaUrl } from '@/lib/media-url.ts';
import { useSession } from '@/lib/session';

interface UserMenuProps {
  photo: string | null | undefined;
  /** A staff account: the menu links the operator console too. */
  staff?: boolean;
}

/**
 * The avatar (a default one when the learner has no photo) and its menu: Dashboard, Profile, Logout (R2); for a
 * staff account, Operator console before Logout.
 */
export function UserMenu({ photo, staff = false }: UserMenuProps) {
  const { username, signOut } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label="Account menu"
        title={username ? `Signed in as ${username}` : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        sx={{ p: 0.5 }}
      >
        <Avatar
          src={mediaUrl(photo) ?? defaultAvatar}
          alt={username ? `${username}'s avatar` : 'Your avatar'}
          sx={{ width: 36, height: 36, border: 2, borderColor: 'divider' }}
        />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 200, mt: 1 } } }}
      >
        <MenuItem component={RouterLink} to="/dashboard" onClick={close}>
          <ListItemIcon>
            <DashboardOutlined fontSize="small" />
          </ListItemIcon>
          Dashboard
        </MenuItem>
        <MenuItem component={RouterLink} to="/profile" onClick={close}>
          <ListItemIcon>
            <Person fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        {staff && (
          <MenuItem component={RouterLink} to="/admin" onClick={close}>
            <ListItemIcon>
              <AdminPanelSettingsOutlined fontSize="small" />
            </ListItemIcon>
            Operator console
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            void signOut();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
