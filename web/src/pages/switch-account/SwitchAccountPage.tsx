import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { Avatar } from '../../components/Avatar';
import { CheckIcon, PlusIcon } from '../../components/icons';
import { StorageKey, getString } from '../../lib/storage';
import { showToast } from '../../lib/toast';
import { useSwitchAccount } from '../../features/account/api/switch-account';
import { getSavedAccounts } from '../../features/account/saved-accounts';

export default function SwitchAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const switcher = useSwitchAccount();
  const [accounts] = useState(getSavedAccounts);
  const currentId = Number(getString(StorageKey.USER_ID));
  const [pending, setPending] = useState<number | null>(null);

  const choose = (index: number) => {
    const account = accounts[index];
    if (!account || account.user.userId === currentId) return;
    setPending(account.user.userId);
    switcher
      .mutateAsync(account)
      .then((result) => {
        if (result.ok) {
          showToast(t('switchAccount.switched', { name: account.user.userName }), 'success');
          navigate('/', { replace: true });
        } else {
          showToast(t('switchAccount.expired', { name: result.userName }), 'error');
          navigate(`/pages/login/login?userName=${encodeURIComponent(result.userName)}`, {
            replace: true,
          });
        }
      })
      .catch(() => undefined)
      .finally(() => setPending(null));
  };

  return (
    <>
      <AppBar title={t('switchAccount.title')} back="/pages/settings/settings" />
      <div className="page">
        <p className="muted" style={{ margin: '4px 6px 12px' }}>
          {accounts.length ? t('switchAccount.hint') : t('switchAccount.empty')}
        </p>
        <ul className="list" data-testid="saved-accounts">
          {accounts.map((account, i) => {
            const current = account.user.userId === currentId;
            return (
              <li key={account.user.userId}>
                <button
                  type="button"
                  className="list-item"
                  onClick={() => choose(i)}
                  aria-current={current ? 'true' : undefined}
                  disabled={switcher.isPending}
                >
                  <Avatar
                    src={account.user.avatarThumb ?? account.user.avatar}
                    name={account.user.userName}
                    size={44}
                  />
                  <span className="grow">
                    <strong style={{ display: 'block' }}>{account.user.userName}</strong>
                    {account.user.email && (
                      <span className="meta" style={{ display: 'block' }}>
                        {account.user.email}
                      </span>
                    )}
                  </span>
                  {pending === account.user.userId ? (
                    <span className="spinner" aria-hidden="true" />
                  ) : (
                    current && (
                      <span className="badge badge-accent">
                        <CheckIcon size={14} />
                        {t('switchAccount.current')}
                      </span>
                    )
                  )}
                </button>
              </li>
            );
          })}
          <li>
            <Link className="list-item" to="/pages/multi-login/multi-login">
              <span className="avatar" style={{ width: 44, height: 44 }}>
                <PlusIcon />
              </span>
              <span className="grow">{t('switchAccount.add')}</span>
            </Link>
          </li>
        </ul>
      </div>
    </>
  );
}
