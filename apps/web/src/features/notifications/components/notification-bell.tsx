// Decision 0092: the shell behaviours the requirements leave open (the bell polls every 30 s, menu or not).
import type { NotificationItem } from '@bastion/contract';
import { DISPLAY } from '@bastion/contract';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { unreadCountOf, useNotificationList } from '../api/get-notification-list.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { useUnreadSound } from '../hooks/use-unread-sound.ts';
import { notificationsPath } from '../lib/notifications-path.ts';
import { NotificationMenu } from './notification-menu.tsx';

/**
 * R2, R4: the navbar's bell with the unread badge (at most 99) and the notifications menu. The list
 * is polled every 30 s whether the menu is open or not, so the badge and the sound follow new ones.
 */
export function NotificationBell() {
  const list = useNotificationList();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  const location = useLocation();
  const menuId = useId();
  const titleId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // R4: the menu closes on a route change. It is open only for the location it was opened at.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = anchor !== null && openedAt === location.key;

  const unread = unreadCountOf(list.data);
  useUnreadSound(list.data ? unread : undefined);

  const close = () => {
    setAnchor(null);
    setOpenedAt(null);
  };

  // R4: clicking one marks it read (a failure is only logged), then opens it on /notifications.
  const openNotification = async (notification: NotificationItem) => {
    close();
    if (!notification.is_read) {
      try {
        await markRead.mutateAsync(notification.uuid);
      } catch {
        // Logged by the mutation; the page still opens.
      }
    }
    await navigate(notificationsPath(notification.uuid));
  };

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            setOpenedAt(location.key);
          }}
        >
          <Badge
            badgeContent={unread}
            max={DISPLAY.unreadBadgeMax}
            color="error"
            className="notification-badge"
            slotProps={{ badge: { 'aria-hidden': true } as object }}
          >
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={menuId}
        open={open}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: 380, maxWidth: 'calc(100vw - 16px)', mt: 1 },
          } as object,
        }}
      >
        <NotificationMenu
          titleId={titleId}
          data={list.data}
          isPending={list.isPending}
          markingAll={markAll.isPending}
          onMarkAll={() => markAll.mutate()}
          onOpen={(notification) => void openNotification(notification)}
          onSeeAll={close}
        />
      </Popover>
    </>
  );
}
