// The accounts saved on this device (UserAccounts): each one to switch to, and each but the
// current one to remove from the device after a confirmation.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { ConfirmDialog } from '../../../components/Dialog';
import { CheckIcon, CloseIcon, PlusIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useForgetSavedAccount } from '../api/switch-account';
import { type SavedAccount, getSavedAccounts } from '../saved-accounts';
import './account.css';

export function SavedAccountList({
  currentId,
  switchingId,
  onChoose,
}: {
  currentId: number;
  /** The account being switched to, while it is checked. */
  switchingId: number | null;
  onChoose: (account: SavedAccount) => void;
}) {
  const { t } = useTranslation();
  const [accounts, setAccounts] = useState(getSavedAccounts);
  const [removing, setRemoving] = useState<SavedAccount | null>(null);
  const forget = useForgetSavedAccount();

  const remove = (account: SavedAccount) =>
    void forget.mutateAsync(account).finally(() => {
      setAccounts(getSavedAccounts());
      setRemoving(null);
      showToast(t('switchAccount.removed', { name: account.user.userName }), 'success');
    });

  return (
    <>
      <p className="muted" style={{ margin: '4px 6px 12px' }}>
        {accounts.length ? t('switchAccount.hint') : t('switchAccount.empty')}
      </p>
      <ul className="list" data-testid="saved-accounts">
        {accounts.map((account) => {
          const { userId, userName } = account.user;
          const current = userId === currentId;
          return (
            <li key={userId} className="saved-account">
              <button
                type="button"
                className="list-item"
                onClick={() => onChoose(account)}
                aria-current={current ? 'true' : undefined}
                disabled={switchingId !== null}
              >
                <Avatar
                  src={account.user.avatarThumb ?? account.user.avatar}
                  name={userName}
                  size={44}
                />
                <span className="grow">
                  <strong data-may-truncate>{userName}</strong>
                  {account.user.email && (
                    <span className="meta" data-may-truncate>
                      {account.user.email}
                    </span>
                  )}
                </span>
                {switchingId === userId ? (
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
              {!current && (
                <button
                  type="button"
                  className="icon-btn remove-account"
                  aria-label={t('switchAccount.remove', { name: userName })}
                  onClick={() => setRemoving(account)}
                  disabled={switchingId !== null}
                >
                  <CloseIcon size={18} />
                </button>
              )}
            </li>
          );
        })}
        <li>
          <Link className="list-item" to={paths.multiLogin}>
            <span className="avatar" style={{ width: 44, height: 44 }}>
              <PlusIcon />
            </span>
            <span className="grow">{t('switchAccount.add')}</span>
          </Link>
        </li>
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={t('switchAccount.removeTitle', { name: removing?.user.userName ?? '' })}
        message={t('switchAccount.removeBody')}
        confirmLabel={t('switchAccount.removeConfirm')}
        danger
        busy={forget.isPending}
        onConfirm={() => removing && remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
