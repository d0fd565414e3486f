import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { MESSAGES } from '@bastion/contract';
import { apiErrorBody } from '@/lib/api-client.ts';
import { CHECK_FIELDS, fieldErrors, hasFieldErrors, unplacedErrorText } from '@/lib/field-errors.ts';
import { useSendContactMessage, type ContactMessage } from '../api/send-contact-message.ts';

const EMPTY: ContactMessage = { name: '', email: '', subject: '', message: '' };
type Field = keyof ContactMessage;
const FIELDS = ['name', 'email', 'subject', 'message'] as const satisfies readonly Field[];

/** R8 'Failed to send your message.', with only what no field shows under itself. */
function failureText(body: unknown, fieldsShowErrors: boolean): string {
  const rest = unplacedErrorText(body, FIELDS);
  if (rest) return `${MESSAGES.contactFailed} ${rest}`;
  return fieldsShowErrors ? `${MESSAGES.contactFailed} ${CHECK_FIELDS}` : MESSAGES.contactFailed;
}

/** The contact form: success and failure texts of R8, field messages from the server. */
export function ContactForm() {
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
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
        setErrors({});
        setValues(EMPTY);
      },
      onError: (error) => {
        const body = apiErrorBody(error);
        const shown = fieldErrors(body, FIELDS);
        setResult({ severity: 'error', text: failureText(body, hasFieldErrors(shown)) });
        setErrors(shown);
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
            error={Boolean(errors.name)}
            helperText={errors.name}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={change('email')}
            error={Boolean(errors.email)}
            helperText={errors.email}
          />
        </Box>
        <TextField
          label="Subject"
          name="subject"
          required
          value={values.subject}
          onChange={change('subject')}
          error={Boolean(errors.subject)}
          helperText={errors.subject}
        />
        <TextField
          label="Message"
          name="message"
          required
          multiline
          minRows={6}
          value={values.message}
          onChange={change('message')}
          error={Boolean(errors.message)}
          helperText={errors.message}
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
