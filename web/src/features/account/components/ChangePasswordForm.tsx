// The change-password form.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { showToast } from '../../../lib/toast';
import { useUpdatePassword } from '../api/update-password';
import { useFailureToast } from '../failure-toast';
import { PasswordField } from './PasswordField';
import { type ValidationKey, checkConfirm, checkNewPassword, checkPassword } from '../validation';

type Errors = Partial<Record<'oldPassword' | 'newPassword' | 'confirm', ValidationKey>>;

/** Current, new and confirmed password; an error goes as soon as its field changes. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdatePassword();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const failure = useFailureToast();
  // A change takes down the errors it may have mended: the new password is checked against the
  // current one, the confirmation against the new one.
  const changed = (...fields: (keyof Errors)[]) => {
    setErrors((e) => {
      const next = { ...e };
      for (const f of fields) next[f] = undefined;
      return next;
    });
    failure.clear();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    const o = checkPassword(oldPassword);
    const n = checkNewPassword(oldPassword, newPassword);
    const c = checkConfirm(newPassword, confirm);
    if (o) found.oldPassword = o;
    if (n) found.newPassword = n;
    if (c) found.confirm = c;
    setErrors(found);
    if (o || n || c) return;
    update.mutate(
      { oldPassword, newPassword },
      {
        onError: failure.failed,
        onSuccess: () => {
          failure.clear();
          showToast(t('settings.passwordChanged'), 'success');
          setOld('');
          setNew('');
          setConfirm('');
          onDone();
        },
      },
    );
  };
  const err = (k: keyof Errors) => (errors[k] ? t(errors[k]) : undefined);

  return (
    <form onSubmit={submit} noValidate className="inset-form" data-testid="change-password-form">
      <PasswordField
        label={t('fields.oldPassword')}
        name="oldPassword"
        autoComplete="current-password"
        value={oldPassword}
        onChange={(value) => {
          setOld(value);
          changed('oldPassword', 'newPassword');
        }}
        error={err('oldPassword')}
      />
      <PasswordField
        label={t('fields.newPassword')}
        name="newPassword"
        autoComplete="new-password"
        value={newPassword}
        onChange={(value) => {
          setNew(value);
          changed('newPassword', 'confirm');
        }}
        error={err('newPassword')}
        lengthHint
      />
      <PasswordField
        label={t('fields.confirmNewPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        value={confirm}
        onChange={(value) => {
          setConfirm(value);
          changed('confirm');
        }}
        error={err('confirm')}
      />
      <Button type="submit" block loading={update.isPending}>
        {t('settings.savePassword')}
      </Button>
    </form>
  );
}
