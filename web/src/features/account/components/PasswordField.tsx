// A password box as every account form has it: its label, Show and Hide, the error under it, and
// what the browser's password manager should offer (a new password, or the one it keeps).
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/Field';

export function PasswordField({
  label,
  name,
  autoComplete,
  value,
  onChange,
  error,
  lengthHint = false,
}: {
  label: string;
  name: string;
  /** new-password: one being chosen; current-password: the one the person has. */
  autoComplete: 'new-password' | 'current-password';
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Says under the box how long a password must be (while there is no error). */
  lengthHint?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={lengthHint ? t('validation.passwordLength') : undefined}
    />
  );
}
