import { MESSAGES } from '@bastion/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { LoadError } from '@/components/query-states.tsx';
import { apiErrorStatus, apiErrorText } from '@/lib/api-client.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { useEndOtherSessions } from '../api/end-other-sessions.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessions } from '../api/get-sessions.ts';
import { SECURITY_MESSAGES } from '../lib/messages.ts';
import { SessionRow } from './session-row.tsx';
import { SettingsCard } from './settings-card.tsx';

/**
 * "Signed-in sessions": every device signed in to this account, this one first and marked; any other can
 * be signed out (on its next call), one at a time or all at once. The list is read again afterwards.
 */
export function SessionsCard() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const { show } = useSnackbar();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The button that was pressed goes away with its row (or is disabled): its card keeps the focus.
  const refocus = () => headingRef.current?.focus();
  const failed = (error: unknown, fallback: string) => {
    if (apiErrorStatus(error) !== 401) show(apiErrorText(error, fallback), 'error');
  };

  const end = (id: string) =>
    endOne.mutate(id, {
      onSuccess: (answer) => {
        show(answer.detail || MESSAGES.sessionEnded, 'success');
        refocus();
      },
      onError: (error) => failed(error, SECURITY_MESSAGES.endSessionFailed),
    });

  const endAllOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: (answer) => {
        show(answer.detail || MESSAGES.otherSessionsEnded, 'success');
        refocus();
      },
      onError: (error) => failed(error, SECURITY_MESSAGES.endOthersFailed),
    });

  let body;
  if (sessions.isPending) {
    body = (
      <div role="status" aria-label="Loading your sessions">
        <Skeleton variant="rounded" height={56} aria-hidden sx={{ mb: 1 }} />
        <Skeleton variant="rounded" height={56} aria-hidden />
      </div>
    );
  } else if (sessions.isError) {
    body = (
      <LoadError title="Could not load your sessions." error={sessions.error} onRetry={() => void sessions.refetch()} />
    );
  } else {
    // This device first, then the others in the server's order (most recent activity first).
    const list = [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current));
    const others = list.filter((session) => !session.current).length;
    body = (
      <Stack spacing={2}>
        <Box component="ul" aria-label="Signed-in sessions" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {list.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              ending={endOne.isPending && endOne.variables === session.id}
              onEnd={() => end(session.id)}
            />
          ))}
        </Box>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'flex-start', sm: 'center' },
            justifyContent: 'space-between',
            gap: 1.5,
            pt: 2,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {others === 0
              ? 'You are signed in on this device only.'
              : `Signed in on ${others} other ${others === 1 ? 'device' : 'devices'}. Don't recognise one? Sign it out and change your password.`}
          </Typography>
          {others > 0 && (
            <Button
              variant="outlined"
              color="error"
              onClick={endAllOthers}
              disabled={endOthers.isPending}
              sx={{ flexShrink: 0 }}
            >
              {endOthers.isPending ? 'Signing out…' : 'Sign out everywhere else'}
            </Button>
          )}
        </Box>
      </Stack>
    );
  }

  return (
    <SettingsCard
      id="sessions"
      title="Signed-in sessions"
      description="Where your account is signed in right now."
      headingRef={headingRef}
    >
      {body}
    </SettingsCard>
  );
}
