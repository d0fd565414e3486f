import { PasswordField } from './password-field.tsx';

interface NewPasswordFieldsProps {
  password1: string;
  password2: string;
  onPassword1Change: (value: string) => void;
  onPassword2Change: (value: string) => void;
  errors: { new_password1?: string; new_password2?: string };
}

/** The new password and its confirmation, as the reset and change-password forms both ask for them. */
export function NewPasswordFields({
  password1,
  password2,
  onPassword1Change,
  onPassword2Change,
  errors,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label="New password"
        name="new_password1"
        value={password1}
        onChange={(event) => onPassword1Change(event.target.value)}
        error={Boolean(errors.new_password1)}
        helperText={errors.new_password1 ?? 'At least 10 characters.'}
        autoComplete="new-password"
        required
        fullWidth
      />
      <PasswordField
        label="Confirm new password"
        name="new_password2"
        value={password2}
        onChange={(event) => onPassword2Change(event.target.value)}
        error={Boolean(errors.new_password2)}
        helperText={errors.new_password2}
        autoComplete="new-password"
        required
        fullWidth
      />
    </>
  );
}
