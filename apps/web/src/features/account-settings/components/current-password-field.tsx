import TextField, { type TextFieldProps } from '@mui/material/TextField';

type CurrentPasswordFieldProps = Omit<
  TextFieldProps,
  'label' | 'name' | 'type' | 'autoComplete' | 'required' | 'error' | 'helperText'
> & {
  /** An error shown under the field. */
  message?: string;
};

/** The account's password, asked for again before a change to two-factor sign-in. */
export function CurrentPasswordField({ message, ...props }: CurrentPasswordFieldProps) {
  return (
    <TextField
      label="Password"
      name="password"
      type="password"
      error={Boolean(message)}
      helperText={message}
      autoComplete="current-password"
      required
      {...props}
    />
  );
}
