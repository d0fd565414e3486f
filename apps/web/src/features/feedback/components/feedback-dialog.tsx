import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { DISPLAY, MESSAGES } from '@bastion/contract';
import { apiErrorBody, apiErrorStatus } from '@/lib/api-client.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { useCreateFeedback } from '../api/create-feedback.ts';

interface FeedbackDialogProps {
  open: boolean;
  onClose(): void;
}

const RATING_LABELS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** R4, R5: a 5-star rating (default 0) and a required text; Cancel or success resets both. */
export function FeedbackDialog({ open, onClose }: FeedbackDialogProps) {
  const [rating, setRating] = useState(0);
  const [content, setContent] = useState('');
  const createFeedback = useCreateFeedback();
  const { show } = useSnackbar();
  const titleId = useId();
  const ratingLabelId = useId();

  const blank = content.trim() === '';
  const showBlankMessage = rating >= 1 && blank;
  const canSend = rating >= 1 && !blank && !createFeedback.isPending;

  const reset = () => {
    setRating(0);
    setContent('');
  };
  const cancel = () => {
    reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    createFeedback.mutate(
      { content: content.trim(), rating },
      {
        onSuccess: () => {
          show(MESSAGES.feedbackThanks, 'success');
          reset();
          onClose();
        },
        onError: (error) => {
          if (apiErrorStatus(error) === 429) {
            const detail = (apiErrorBody(error) as { detail?: unknown } | undefined)?.detail;
            show(typeof detail === 'string' && detail ? detail : MESSAGES.feedbackWait, 'warning');
            return;
          }
          console.error('Feedback submission failed', error);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={createFeedback.isPending ? undefined : cancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>Send Feedback</DialogTitle>
      <Box component="form" onSubmit={submit} noValidate aria-labelledby={titleId}>
        <DialogContent>
          <Stack spacing={3} sx={{ pt: 1 }}>
            <Typography sx={{ color: 'text.secondary' }}>
              Tell us what works and what gets in your way. We read every message.
            </Typography>
            <Stack spacing={1}>
              <Typography id={ratingLabelId} variant="subtitle2" component="p">
                Your rating
              </Typography>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Rating
                  name="feedback-rating"
                  value={rating || null}
                  max={DISPLAY.ratingStars}
                  size="large"
                  onChange={(_, value) => setRating(value ?? 0)}
                  aria-labelledby={ratingLabelId}
                />
                <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: 80 }} aria-live="polite">
                  {RATING_LABELS[rating]}
                </Typography>
              </Stack>
            </Stack>
            <TextField
              label="Your feedback"
              required
              multiline
              minRows={4}
              value={content}
              onChange={(event) => setContent(event.target.value)}
              error={showBlankMessage}
              helperText={showBlankMessage ? MESSAGES.feedbackEnterText : ' '}
              slotProps={{ htmlInput: { maxLength: 5000 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={cancel} color="inherit" disabled={createFeedback.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!canSend} loading={createFeedback.isPending}>
            Send
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
