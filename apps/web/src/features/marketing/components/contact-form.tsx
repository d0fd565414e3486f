import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { MESSAGES } from '@bastion/contract';
import { apiErrorBody, apiErrorText } from '../../../lib/api-client.ts';
import { useSendContactMessage, type ContactMessage } from '../api/send-contact-message.ts';

const EMPTY: ContactMessage = { name: '', email: '', subject: '', message: '' };
type Field = keyof ContactMessage;

/** Fields the server named in its answer, so they can be marked as invalid. */
function invalidFields(body: unknown): Set<Field> {
  if (!body || typeof body !== 'object') return new Set();
  return new Set((Object.keys(body) as Field[]).filter((key) => key in EMPTY));
}

/** The contact form: success and failure texts of spec §8, field messages from the server. */
export function ContactForm() {
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [invalid, setInvalid] = useState<Set<Field>>(new Set());
  const send = useSendContactMessage();

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    send.mutate(values, {
      onSuccess: () => {
        setResult({ severity: 'success', text: MESSAGES.contactSent });
        setInvalid(new Set());
        setValues(EMPTY);
      },
      onError: (error) => {
        setResult({ severity: 'error', text: apiErrorText(error, MESSAGES.contactFailed) });
        setInvalid(invalidFields(apiErrorBody(error)));
      },
    });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Contact form">
      <Stack spacing={2.5}>
        {result && (
          <Alert
            severity={result.severity}
            role={result.severity === 'error' ? 'alert' : 'status'}
            sx={{ whiteSpace: 'pre-line' }}
          >
            {result.text}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            required
            value={values.name}
            onChange={change('name')}
            error={invalid.has('name')}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={change('email')}
            error={invalid.has('email')}
          />
        </Box>
        <TextField
          label="Subject"
          name="subject"
          required
          value={values.subject}
          onChange={change('subject')}
          error={invalid.has('subject')}
        />
        <TextField
          label="Message"
          name="message"
          required
          multiline
          minRows={6}
          value={values.message}
          onChange={change('message')}
          error={invalid.has('message')}
          slotProps={{ htmlInput: { maxLength: 5000 } }}
        />
        <Box>
          <Button type="submit" variant="contained" size="large" endIcon={<Send />} loading={send.isPending}>
            Send message
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
