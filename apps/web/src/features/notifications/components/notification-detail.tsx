import type { NotificationItem } from '@bastion/contract';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '@/lib/format-time.ts';
import { inAppLink, KIND_LABELS, NO_DATE_TEXT, notificationKind } from '../lib/notification-kind.ts';

/** The whole notification: its message, type, exact time, and where it leads when it names a page. */
export function NotificationDetail({ notification }: { notification: NotificationItem }) {
  const link = inAppLink(notification.link);
  const when = formatDateTime(notification.created_at);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{notification.message}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {KIND_LABELS[notificationKind(notification.notification_type)]} ·{' '}
        {when ? <time dateTime={notification.created_at}>{when}</time> : NO_DATE_TEXT} ·{' '}
        {notification.is_read ? 'Read' : 'Unread'}
      </Typography>
      {link && (
        <Box>
          <Button component={RouterLink} to={link} variant="outlined" size="small" endIcon={<ArrowForward />}>
            Open
          </Button>
        </Box>
      )}
    </Box>
  );
}
