// The settings' password card: Change password opens the form in place and closes it when done.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronIcon, LockIcon } from '../../../components/icons';
import { ChangePasswordForm } from './ChangePasswordForm';

export function PasswordCard() {
  const { t } = useTranslation();
  const [passwordOpen, setPasswordOpen] = useState(false);
  return (
    <>
      <h2 className="section-title">{t('settings.changePassword')}</h2>
      <div className="settings-block">
        <button
          type="button"
          className="list-item"
          aria-expanded={passwordOpen}
          onClick={() => setPasswordOpen((v) => !v)}
        >
          <LockIcon />
          <span className="grow">{t('settings.changePassword')}</span>
          <ChevronIcon style={{ transform: passwordOpen ? 'rotate(90deg)' : undefined }} />
        </button>
        {passwordOpen && <ChangePasswordForm onDone={() => setPasswordOpen(false)} />}
      </div>
    </>
  );
}
