// Switching between the accounts saved on this device.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { StorageKey, getString } from '../../lib/storage';
import { showToast } from '../../lib/toast';
import { useSwitchAccount } from '../../features/account/api/switch-account';
import { SavedAccountList } from '../../features/account/components/SavedAccountList';
import type { SavedAccount } from '../../features/account/saved-accounts';
import { paths } from '../../lib/paths';

export default function SwitchAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const switcher = useSwitchAccount();
  const currentId = Number(getString(StorageKey.USER_ID));
  const [pending, setPending] = useState<number | null>(null);

  const choose = (account: SavedAccount) => {
    if (account.user.userId === currentId) return;
    setPending(account.user.userId);
    switcher
      .mutateAsync(account)
      .then((result) => {
        if (result.ok) {
          showToast(t('switchAccount.switched', { name: account.user.userName }), 'success');
          navigate(paths.root, { replace: true });
        } else {
          showToast(t('switchAccount.expired', { name: result.userName }), 'error');
          navigate(`${paths.login}?userName=${encodeURIComponent(result.userName)}`, {
            replace: true,
          });
        }
      })
      .catch(() => undefined)
      .finally(() => setPending(null));
  };

  return (
    <>
      <AppBar title={t('switchAccount.title')} back={paths.settings} />
      <div className="page">
        <SavedAccountList currentId={currentId} switchingId={pending} onChoose={choose} />
      </div>
    </>
  );
}
