import { DISPLAY, type NotificationItem, type NotificationList } from '@bastion/contract';
import DoneAll from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { unreadCountOf } from '../api/get-notification-list.ts';
import { NotificationMenuItem } from './notification-menu-item.tsx';

/** R8 shell messages of the menu. */
export const MENU_ERROR_TEXT = 'Failed to load notifications. Please try again later.';
export const MENU_EMPTY_TEXT = 'No new notifications.';

interface NotificationMenuProps {
  titleId: string;
  data: NotificationList | undefined;
  isPending: boolean;
  markingAll: boolean;
  onMarkAll(): void;
  onOpen(notification: NotificationItem): void;
  onSeeAll(): void;
}

/** The content of the bell's menu (R4): the first 5 notifications, Mark All as Read, See all. */
export function NotificationMenu({
  titleId,
  data,
  isPending,
  markingAll,
  onMarkAll,
  onOpen,
  onSeeAll,
}: NotificationMenuProps) {
  const unread = unreadCountOf(data);
  const items = data?.notifications.slice(0, DISPLAY.notificationMenuItems) ?? [];

  let body;
  if (data === undefined && isPending) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress size={28} aria-label="Loading notifications" />
      </Box>
    );
  } else if (data === undefined) {
    // A failed poll keeps the list already shown; only a list that never loaded is an error.
    body = (
      <Typography role="alert" variant="body2" sx={{ px: 2, py: 3, color: 'error.main', textAlign: 'center' }}>
        {MENU_ERROR_TEXT}
      </Typography>
    );
  } else if (items.length === 0) {
    body = (
      <Typography variant="body2" sx={{ px: 2, py: 3, color: 'text.secondary', textAlign: 'center' }}>
        {MENU_EMPTY_TEXT}
      </Typography>
    );
  } else {
    body = (
      <List disablePadding aria-labelledby={titleId} sx={{ maxHeight: 'min(420px, 60vh)', overflowY: 'auto' }}>
        {items.map((notification) => (
          <NotificationMenuItem key={notification.uuid} notification={notification} onOpen={onOpen} />
        ))}
      </List>
    );
  }

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 1 }}>
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700, flexGrow: 1 }}>
          Notifications
        </Typography>
        {unread >= 1 && (
          <Button size="small" startIcon={<DoneAll />} onClick={onMarkAll} disabled={markingAll}>
            Mark All as Read
          </Button>
        )}
      </Box>
      <Divider />
      {body}
      <Divider />
      <Box sx={{ p: 1 }}>
        <Button component={RouterLink} to="/notifications" onClick={onSeeAll} fullWidth>
          See all notifications
        </Button>
      </Box>
    </>
  );
}
