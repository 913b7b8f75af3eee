// Deleting my account: the server asks for the password again; a wrong one deletes nothing and
// its message stays in the dialog so the person can try again.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { paths } from '../../../lib/paths';
import { ApiError, failureMessage } from '../../../lib/request';
import { showToast } from '../../../lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import type { User } from '../api/types';
import { PasswordField } from './PasswordField';

export function DeleteAccountDialog({
  user,
  open,
  onClose,
}: {
  user: User | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const [deletePassword, setDeletePassword] = useState('');
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // Each opening starts with an empty password and no message.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setDeletePassword('');
      setDeleteError(null);
    }
  }

  // mutateAsync: ending the session re-renders the route guards, which unmount this page before
  // per-call callbacks would run.
  const doDelete = () => {
    if (!user) return;
    if (!deletePassword) {
      setDeleteError(t('settings.deletePassword'));
      return;
    }
    deleteAccount
      .mutateAsync({ userId: user.userId, password: deletePassword })
      .then(() => {
        showToast(t('settings.deleted'), 'success');
        navigate(paths.login, { replace: true });
      })
      .catch((err: unknown) =>
        setDeleteError(err instanceof ApiError ? failureMessage(err) : t('errors.generic')),
      );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('settings.deleteTitle')}
      actions={
        <>
          <Button variant="outline" onClick={onClose} disabled={deleteAccount.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="danger"
            type="submit"
            form="delete-account"
            loading={deleteAccount.isPending}
          >
            {t('settings.deleteConfirm')}
          </Button>
        </>
      }
    >
      <p style={{ marginBottom: 8 }}>{t('settings.deleteRemoves')}</p>
      <p style={{ marginBottom: 12 }}>{t('settings.deleteBody')}</p>
      <form
        id="delete-account"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          doDelete();
        }}
      >
        <PasswordField
          label={t('settings.deletePassword')}
          name="password"
          autoComplete="current-password"
          value={deletePassword}
          onChange={(value) => {
            setDeletePassword(value);
            setDeleteError(null);
          }}
          error={deleteError ?? undefined}
        />
      </form>
    </Dialog>
  );
}
