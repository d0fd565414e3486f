import type { InboxEntry, InboxEntryKind } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { apiErrorBody, apiErrorText } from '@/lib/api-client.ts';
import { fieldErrors } from '@/lib/field-errors.ts';
import { formatDateTime } from '@/lib/format-time.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { useAddInboxEntry, useInboxThread, type InboxKind } from '../api/inbox.ts';

/** The item a thread belongs to, as the inbox lists it. */
export interface ThreadItem {
  id: string;
  from: string;
  text: string;
  created_at: string;
}

function Entry({ entry }: { entry: InboxEntry }) {
  const note = entry.kind === 'note';
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.5, listStyle: 'none', borderStyle: note ? 'dashed' : 'solid', bgcolor: note ? 'action.hover' : null }}
    >
      <Typography variant="body2" component="p" sx={{ color: 'text.secondary', mb: 0.5 }}>
        {note
          ? `Internal note by ${entry.author}, ${formatDateTime(entry.created_at)}`
          : `Reply by ${entry.author} to ${entry.mailed_to}, ${formatDateTime(entry.created_at)}`}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{entry.text}</Typography>
    </Paper>
  );
}

function Composer({ kind, item, canReply }: { kind: InboxKind; item: ThreadItem; canReply: boolean }) {
  const add = useAddInboxEntry(kind, item.id);
  const snackbar = useSnackbar();
  const [text, setText] = useState('');
  const error = fieldErrors(apiErrorBody(add.error), ['text'] as const).text;
  const send = (entry: InboxEntryKind) =>
    add.mutate(
      { entry, text },
      {
        onSuccess: () => {
          snackbar.show(entry === 'reply' ? 'Reply mailed.' : 'Note added.', 'success');
          setText('');
          add.reset();
        },
        onError: (failure) => {
          if (!fieldErrors(apiErrorBody(failure), ['text'] as const).text)
            snackbar.show(apiErrorText(failure), 'error');
        },
      },
    );
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        label="Reply or note"
        multiline
        minRows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? 'A reply is mailed to the sender; a note stays here, for staff only.'}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" disabled={!canReply || add.isPending} onClick={() => send('reply')}>
          Mail reply
        </Button>
        <Button variant="outlined" disabled={add.isPending} onClick={() => send('note')}>
          Add internal note
        </Button>
      </Box>
    </Box>
  );
}

/** An inbox item with its replies and internal notes, oldest first, and a box to write the next one. */
export function InboxThreadDialog({
  kind,
  item,
  onClose,
}: {
  kind: InboxKind;
  item: ThreadItem | null;
  onClose(): void;
}) {
  const titleId = useId();
  const thread = useInboxThread(kind, item?.id ?? null);
  return (
    <Dialog open={item !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Message from {item?.from}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {item && (
          <>
            <Paper variant="outlined" component="section" aria-label="The message" sx={{ p: 1.5 }}>
              <Typography variant="body2" component="p" sx={{ color: 'text.secondary', mb: 0.5 }}>
                {formatDateTime(item.created_at)}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.text}</Typography>
            </Paper>
            {thread.isPending ? (
              <LoadingBlock label="Loading the replies and notes…" />
            ) : thread.isError ? (
              <LoadError
                title="The replies and notes could not be loaded."
                error={thread.error}
                onRetry={() => void thread.refetch()}
              />
            ) : (
              <>
                <Box component="ol" aria-label="Replies and notes" sx={{ display: 'grid', gap: 1.5, m: 0, p: 0 }}>
                  {thread.data.entries.length === 0 && (
                    <Typography component="li" sx={{ listStyle: 'none', color: 'text.secondary' }}>
                      No reply or note yet.
                    </Typography>
                  )}
                  {thread.data.entries.map((entry) => (
                    <Entry key={entry.id} entry={entry} />
                  ))}
                </Box>
                {thread.data.reply_to === null && (
                  <Alert severity="warning">
                    This message left no address a reply can be sent to: you can add notes only.
                  </Alert>
                )}
                <Composer key={item.id} kind={kind} item={item} canReply={thread.data.reply_to !== null} />
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
