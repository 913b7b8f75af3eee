// Right after sign-up: the invitation to verify the email, which earns 80 free characters
// (SPEC section 4), leading to the verification in Settings.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { MailIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { useInfo } from '../api/get-info';
import './account.css';

/** The navigation state sign-up lands with, which opens the prompt once. */
export const AFTER_SIGN_UP = { verifyEmail: true } as const;

/** Settings, scrolled to the email verification with its first button in focus. */
export const VERIFY_EMAIL_PATH = `${paths.settings}?verify=email`;

export function VerifyEmailPrompt() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useInfo().data;
  const [open, setOpen] = useState(
    () => (location.state as Partial<typeof AFTER_SIGN_UP> | null)?.verifyEmail === true,
  );
  if (!open || !user || user.emailVerified) return null;

  const later = () => {
    setOpen(false);
    // Back or a reload does not bring it again.
    void navigate(location, { replace: true, state: null });
  };
  return (
    <Dialog
      open
      onClose={later}
      title={t('register.verifyTitle')}
      className="verify-prompt"
      actions={
        <>
          <Button variant="outline" onClick={later}>
            {t('register.verifyLater')}
          </Button>
          <Link className="btn btn-primary" to={VERIFY_EMAIL_PATH}>
            {t('register.verifyNow')}
          </Link>
        </>
      }
    >
      <div className="verify-prompt-text">
        <MailIcon />
        <p>{t('register.verifyBody', { email: user.email })}</p>
      </div>
    </Dialog>
  );
}
