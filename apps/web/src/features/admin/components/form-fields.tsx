import TextField from '@mui/material/TextField';
import { useState, type ComponentProps } from 'react';

/** A number typed in a field: undefined when blank; the server says what is wrong with anything else. */
export const whole = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * A console form's text fields: their values, and `field(name, label)` to draw one with the server's message
 * for it (`errors`) under it.
 */
export function useFormFields<F extends string>(empty: Record<F, string>, errors: Partial<Record<F, string>>) {
  const [values, setValues] = useState(empty);
  const field = (name: F, label: string, extra: Partial<ComponentProps<typeof TextField>> = {}) => (
    <TextField
      size="small"
      {...extra}
      label={label}
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? extra.helperText}
    />
  );
  return { values, field, reset: () => setValues(empty) };
}
