import { NOTIFICATION_TYPES } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { FilterSelect } from '@/components/filter-bar.tsx';
import { apiErrorText } from '@/lib/api-client.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { useSendBroadcast } from '../api/broadcasts.ts';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { EitherOr } from './either-or.tsx';

type NotificationType = (typeof NOTIFICATION_TYPES)[number];

const TYPE_LABELS: Record<NotificationType, string> = {
  info: 'Information',
  success: 'Good news',
  warning: 'Warning',
  error: 'Problem',
};

/** Who a broadcast reaches: the recipients are chosen once, when it is sent (notifications.repository.ts). */
export const BROADCAST_REACH =
  'It reaches only the learners whose accounts are active and verified when you send it (staff included). ' +
  'An account disabled or not yet verified at that moment, or made later, never gets it, even once enabled or ' +
  'verified.';

/** A notification to every learner or to one, with a preview of how it reads. */
export function BroadcastForm() {
  const send = useSendBroadcast();
  const snackbar = useSnackbar();
  const [toOne, setToOne] = useState(false);
  const [username, setUsername] = useState('');
  const [type, setType] = useState<NotificationType>('info');
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState(false);
  const reachId = useId();
  const ready = title.trim() !== '' && message.trim() !== '' && (!toOne || username.trim() !== '');

  function deliver() {
    send.mutate(
      { title, message, type, username: toOne ? username : null },
      {
        onSuccess: (sent) => {
          const whom = sent.user ?? `${sent.notified} ${sent.notified === 1 ? 'learner' : 'learners'}`;
          snackbar.show(`Sent to ${whom}.`, 'success');
          setTitle('');
          setMessage('');
        },
        onError: (error) => snackbar.show(apiErrorText(error, 'The notification was not sent.'), 'error'),
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    if (toOne) deliver();
    else setConfirming(true);
  }

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
      <Box component="form" onSubmit={submit} noValidate aria-label="New notification" sx={{ display: 'grid', gap: 2 }}>
        <EitherOr label="Send to" options={['Every learner', 'One learner']} value={toOne} onChange={setToOne} />
        {!toOne && (
          <Alert severity="info" id={reachId}>
            {BROADCAST_REACH}
          </Alert>
        )}
        {toOne && (
          <TextField
            label="Username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            size="small"
            required
          />
        )}
        <FilterSelect
          label="Kind"
          value={type}
          options={NOTIFICATION_TYPES}
          labelOf={(kind) => TYPE_LABELS[kind]}
          onChange={(kind) => kind && setType(kind)}
        />
        <TextField
          label="Title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
          slotProps={{ htmlInput: { maxLength: 200 } }}
          helperText={`${title.length} of 200 characters`}
        />
        <TextField
          label="Message"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          required
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          helperText={`${message.length} of 2000 characters`}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={!ready || send.isPending}
            aria-describedby={toOne ? undefined : reachId}
          >
            {toOne ? 'Send to this learner' : 'Send to every learner'}
          </Button>
        </Box>
      </Box>
      <Box component="section" aria-labelledby="preview-heading">
        <Typography id="preview-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          Preview
        </Typography>
        <Alert severity={type} variant="outlined">
          <AlertTitle>{title.trim() || 'Title'}</AlertTitle>
          <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.trim() || 'The message learners will read.'}
          </Box>
        </Alert>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          It appears under the bell and on the notifications page of{' '}
          {toOne ? username.trim() || 'the learner' : 'every active, verified learner'}.
        </Typography>
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Send to every learner?"
        text={`"${title.trim()}" goes at once to every learner whose account is active and verified now. It cannot be taken back.`}
        confirmLabel="Send"
        onConfirm={deliver}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
