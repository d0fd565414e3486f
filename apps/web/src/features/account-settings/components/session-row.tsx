import type { SignedInSession } from '@bastion/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatRelativeTime } from '@/lib/format-time.ts';

interface SessionRowProps {
  session: SignedInSession;
  ending: boolean;
  onEnd(): void;
}

/** One signed-in session: device, address and last activity (full date on hover), and a way to end it. */
export function SessionRow({ session, ending, onEnd }: SessionRowProps) {
  const lastActive = formatRelativeTime(session.last_active) ?? 'unknown';
  const nameId = `session-${session.id}`;
  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'flex-start', sm: 'center' },
        gap: 1.5,
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0, pt: 0 },
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography id={nameId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {session.device}
          </Typography>
          {session.current && <Chip label="This device" size="small" color="primary" />}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {session.ip ?? 'Unknown address'} · Last active{' '}
          <Box component="time" dateTime={session.last_active} title={formatDateTime(session.last_active) ?? undefined}>
            {lastActive}
          </Box>
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Signed in{' '}
          <Box component="time" dateTime={session.created_at}>
            {formatDateTime(session.created_at) ?? 'at an unknown time'}
          </Box>
        </Typography>
      </Box>
      {!session.current && (
        <Button
          variant="outlined"
          size="small"
          onClick={onEnd}
          disabled={ending}
          aria-label={`Sign out ${session.device}, last active ${lastActive}`}
          sx={{ flexShrink: 0 }}
        >
          {ending ? 'Signing out…' : 'Sign out'}
        </Button>
      )}
    </Box>
  );
}
