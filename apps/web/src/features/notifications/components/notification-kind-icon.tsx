import CheckCircleOutlineOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { KIND_LABELS, notificationKind } from '../lib/notification-kind.ts';

const ICONS = {
  success: CheckCircleOutlineOutlined,
  warning: WarningAmber,
  error: ErrorOutlineOutlined,
  info: InfoOutlined,
} as const;

/** The notification's type as a coloured icon (R3), named for screen readers. */
export function NotificationKindIcon({ type, size = 36 }: { type: unknown; size?: number }) {
  const kind = notificationKind(type);
  const Icon = ICONS[kind];
  return (
    <Box
      role="img"
      aria-label={KIND_LABELS[kind]}
      data-kind={kind}
      className={`notification-kind notification-kind--${kind}`}
      sx={(theme) => ({
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        color: theme.palette[kind].main,
        bgcolor: alpha(theme.palette[kind].main, 0.14),
      })}
    >
      <Icon aria-hidden sx={{ fontSize: size * 0.58 }} />
    </Box>
  );
}
