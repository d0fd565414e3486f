import type { NotificationItem } from '@bastion/contract';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatRelativeTime } from '@/lib/format-time.ts';
import { NO_DATE_TEXT, notificationKind } from '../lib/notification-kind.ts';
import { NotificationKindIcon } from './notification-kind-icon.tsx';
import { visuallyHidden } from '@/lib/visually-hidden.ts';

interface NotificationMenuItemProps {
  notification: NotificationItem;
  onOpen(notification: NotificationItem): void;
}

/** One notification in the bell's menu: type, title, the start of the message, and when it came. */
export function NotificationMenuItem({ notification, onOpen }: NotificationMenuItemProps) {
  const kind = notificationKind(notification.notification_type);
  const unread = !notification.is_read;
  const when = formatRelativeTime(notification.created_at);
  return (
    <li>
      <ListItemButton
        onClick={() => onOpen(notification)}
        data-kind={kind}
        className={`notification-item notification-item--${kind}${unread ? ' notification-item--unread' : ''}`}
        sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25, px: 2 }}
      >
        <NotificationKindIcon type={notification.notification_type} size={32} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography
            component="span"
            variant="body2"
            sx={{ display: 'block', fontWeight: unread ? 700 : 500, overflowWrap: 'anywhere' }}
          >
            {notification.title}
            {unread && (
              <Box component="span" sx={visuallyHidden}>
                {' (unread)'}
              </Box>
            )}
          </Typography>
          <Typography
            component="span"
            variant="body2"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              color: 'text.secondary',
              overflowWrap: 'anywhere',
            }}
          >
            {notification.message}
          </Typography>
          <Typography component="span" variant="caption" sx={{ display: 'block', mt: 0.5, color: 'text.secondary' }}>
            {when ? (
              <time dateTime={notification.created_at} title={formatDateTime(notification.created_at) ?? undefined}>
                {when}
              </time>
            ) : (
              NO_DATE_TEXT
            )}
          </Typography>
        </Box>
        {unread && (
          <Box
            aria-hidden
            sx={{ width: 8, height: 8, mt: 0.75, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
          />
        )}
      </ListItemButton>
    </li>
  );
}
