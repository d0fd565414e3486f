import type { NotificationItem } from '@bastion/contract';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { Ref } from 'react';
import { formatDateTime, formatRelativeTime } from '@/lib/format-time.ts';
import { NO_DATE_TEXT, notificationKind } from '../lib/notification-kind.ts';
import { NotificationDetail } from './notification-detail.tsx';
import { NotificationKindIcon } from './notification-kind-icon.tsx';
import { visuallyHidden } from '@/lib/visually-hidden.ts';

interface NotificationListItemProps {
  notification: NotificationItem;
  selected: boolean;
  onToggle(notification: NotificationItem): void;
  itemRef?: Ref<HTMLLIElement>;
}

/** A notification on /notifications: a heading button that opens its detail below it (disclosure). */
export function NotificationListItem({ notification, selected, onToggle, itemRef }: NotificationListItemProps) {
  const kind = notificationKind(notification.notification_type);
  const unread = !notification.is_read;
  const detailId = `notification-${notification.uuid}-detail`;
  const when = formatRelativeTime(notification.created_at);
  return (
    <Box component="li" ref={itemRef} sx={{ listStyle: 'none', scrollMarginTop: 88 }}>
      <Paper
        variant="outlined"
        data-selected={selected || undefined}
        className={`notification-row notification-row--${kind}${selected ? ' notification-row--selected' : ''}`}
        sx={(theme) => ({
          overflow: 'hidden',
          borderColor: selected ? theme.palette.primary.main : undefined,
          boxShadow: selected ? `0 0 0 1px ${theme.palette.primary.main}` : undefined,
          bgcolor: selected ? alpha(theme.palette.primary.main, 0.06) : undefined,
        })}
      >
        <Typography component="h2" variant="body1" sx={{ m: 0 }}>
          <ButtonBase
            onClick={() => onToggle(notification)}
            aria-expanded={selected}
            aria-controls={detailId}
            sx={{
              width: '100%',
              display: 'flex',
              alignItems: 'flex-start',
              justifyContent: 'flex-start',
              textAlign: 'left',
              gap: 1.5,
              p: { xs: 1.5, sm: 2 },
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
            }}
          >
            <NotificationKindIcon type={notification.notification_type} />
            <Box component="span" sx={{ minWidth: 0, flexGrow: 1 }}>
              <Box component="span" sx={{ display: 'block', fontWeight: unread ? 700 : 500, overflowWrap: 'anywhere' }}>
                {notification.title}
                {unread && (
                  <Box component="span" sx={visuallyHidden}>
                    {' (unread)'}
                  </Box>
                )}
              </Box>
              {!selected && (
                <Box
                  component="span"
                  sx={{
                    display: '-webkit-box',
                    WebkitLineClamp: 1,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                    color: 'text.secondary',
                    fontSize: '0.875rem',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {notification.message}
                </Box>
              )}
              <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem', mt: 0.5 }}>
                {when ? (
                  <time dateTime={notification.created_at} title={formatDateTime(notification.created_at) ?? undefined}>
                    {when}
                  </time>
                ) : (
                  NO_DATE_TEXT
                )}
              </Box>
            </Box>
            {unread && (
              <Box
                component="span"
                aria-hidden
                sx={{ width: 8, height: 8, mt: 1, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
              />
            )}
            <ExpandMore
              aria-hidden
              sx={{
                color: 'text.secondary',
                flexShrink: 0,
                transition: 'transform 150ms',
                transform: selected ? 'rotate(180deg)' : 'none',
              }}
            />
          </ButtonBase>
        </Typography>
        <Collapse in={selected} unmountOnExit>
          <Box id={detailId} sx={{ px: { xs: 1.5, sm: 2 }, pb: 2, pl: { xs: 1.5, sm: 8 } }}>
            <NotificationDetail notification={notification} />
          </Box>
        </Collapse>
      </Paper>
    </Box>
  );
}
