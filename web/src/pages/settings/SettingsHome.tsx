// The settings home: my profile, membership and wallet, email and photo verification, language,
// notifications, sharing my area with people nearby, who may add me to groups, password, privacy
// and help, for staff the operator console, and accounts.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { LanguageSelect } from '../../components/LanguageSelect';
import { PullToRefresh } from '../../components/PullToRefresh';
import {
  ChevronIcon,
  CrownIcon,
  EditIcon,
  EyeIcon,
  LogoutIcon,
  SettingsIcon,
  TrashIcon,
  UsersIcon,
} from '../../components/icons';
import { isMember } from '../../lib/membership';
import { showToast } from '../../lib/toast';
import { useInfo } from '../../features/account/api/get-info';
import { useLogout } from '../../features/account/api/logout';
import { useUpdateProfile } from '../../features/account/api/profile';
import { DeleteAccountDialog } from '../../features/account/components/DeleteAccountDialog';
import { PasswordCard } from '../../features/account/components/PasswordCard';
import { ProfileCard } from '../../features/account/components/ProfileCard';
import { VerificationCard } from '../../features/account/components/VerificationCard';
import { AddedBySwitch } from '../../features/groups/components/AddedBySwitch';
import { NotificationSettings } from '../../features/notify/components/NotificationSettings';
import { ShareAreaSwitch } from '../../features/people/components/ShareArea';
import { WalletIcon } from '../../features/wallet/components/icons';
import { paths, staffPaths } from '../../lib/paths';
import { VERSION } from '../../lib/version';
import { PrivacyAndHelpList } from './PrivacyAndHelpList';
import { SupportDialog } from './SupportDialog';

export function SettingsHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const info = useInfo();
  const user = info.data;
  const logout = useLogout();
  const updateProfile = useUpdateProfile();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [supportOpen, setSupportOpen] = useState(false);

  // mutateAsync: ending the session re-renders the route guards, which unmount this page before
  // per-call callbacks would run.
  const doLogout = () =>
    void logout.mutateAsync().finally(() => {
      showToast(t('settings.loggedOut'), 'success');
      navigate(paths.login, { replace: true });
    });

  return (
    <>
      <AppBar title={t('settings.title')} />
      <PullToRefresh onRefresh={() => info.refetch()}>
        <div className="page">
          <ProfileCard user={user} />
          <div className="row profile-links">
            <Link className="btn btn-secondary grow" to={paths.homepage}>
              <EyeIcon />
              {t('profileEdit.seeMine')}
            </Link>
            <Link className="btn btn-primary grow" to="?view=profile">
              <EditIcon />
              {t('people.editProfile')}
            </Link>
          </div>

          {/* Phones have no Upgrade tab: membership and coins are reached from here. */}
          <ul className="list" style={{ marginTop: 12 }}>
            <li>
              <Link className="list-item" to={paths.grade}>
                <CrownIcon />
                <span className="grow">{t('nav.upgrade')}</span>
                <ChevronIcon />
              </Link>
            </li>
            <li>
              <Link className="list-item" to={paths.recharge}>
                <WalletIcon />
                <span className="grow">{t('pages.recharge')}</span>
                <ChevronIcon />
              </Link>
            </li>
          </ul>

          <h2 className="section-title">{t('settings.account')}</h2>
          <VerificationCard user={user} focusEmail={params.get('verify') === 'email'} />

          <div className="settings-block" style={{ marginTop: 12 }}>
            <div className="field">
              <LanguageSelect
                onChanged={(abbr) => {
                  if (user) updateProfile.mutate({ language: abbr });
                }}
              />
            </div>
          </div>

          <NotificationSettings />

          <ShareAreaSwitch
            sharing={user?.sharesArea ?? undefined}
            onChanged={() => void info.refetch()}
          />

          <AddedBySwitch />

          <PasswordCard />

          <PrivacyAndHelpList onHelp={() => setSupportOpen(true)} />

          {user?.role === 'staff' && (
            <ul className="list" style={{ marginTop: 12 }}>
              <li>
                <Link className="list-item" to={staffPaths.reports} data-testid="operator-console">
                  <SettingsIcon />
                  <span className="grow">{t('staff.title')}</span>
                  <ChevronIcon />
                </Link>
              </li>
            </ul>
          )}

          <div style={{ height: 22 }} />
          <ul className="list">
            <li>
              <Link className="list-item" to={paths.switchAccount}>
                <UsersIcon />
                <span className="grow">{t('settings.switchAccount')}</span>
                <ChevronIcon />
              </Link>
            </li>
            <li>
              <button
                type="button"
                className="list-item"
                onClick={doLogout}
                disabled={logout.isPending}
              >
                <LogoutIcon />
                <span className="grow">{t('settings.logout')}</span>
              </button>
            </li>
            <li>
              <button
                type="button"
                className="list-item danger"
                onClick={() => setConfirmDelete(true)}
              >
                <TrashIcon />
                <span className="grow">{t('settings.deleteAccount')}</span>
              </button>
            </li>
          </ul>
          <p className="muted" style={{ textAlign: 'center', fontSize: '0.85rem', marginTop: 24 }}>
            {t('app.name')} · {t('settings.version', { version: VERSION })} ·{' '}
            <Link to={paths.rules}>{t('rules.title')}</Link>
          </p>
        </div>
      </PullToRefresh>
      <SupportDialog
        open={supportOpen}
        onClose={() => setSupportOpen(false)}
        member={isMember(user)}
      />
      <DeleteAccountDialog
        user={user}
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
      />
    </>
  );
}
