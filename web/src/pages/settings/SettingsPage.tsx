// The settings page: my profile, membership and wallet, email, language, notifications, password,
// blocked people, downloading my data, installing the app, accounts, rules, support and safety
// tips, and for staff the operator console; ?view=profile edits my profile, ?view=blocked lists
// blocked people.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/Field';
import { VerifiedBadge } from '../../components/VerifiedBadge';
import { LanguageSelect } from '../../components/LanguageSelect';
import { PullToRefresh } from '../../components/PullToRefresh';
import { Skeleton } from '../../components/Skeleton';
import {
  BellIcon,
  BlockIcon,
  CameraIcon,
  ChevronIcon,
  CrownIcon,
  EditIcon,
  EyeIcon,
  HeadsetIcon,
  LockIcon,
  LogoutIcon,
  MailIcon,
  SettingsIcon,
  ShieldIcon,
  SparkleIcon,
  TrashIcon,
  UsersIcon,
} from '../../components/icons';
import { ApiError, failureMessage } from '../../lib/request';
import { showToast } from '../../lib/toast';
import { useDeleteAccount } from '../../features/account/api/delete-account';
import { useInfo } from '../../features/account/api/get-info';
import { useLogout } from '../../features/account/api/logout';
import { useUpdateProfile } from '../../features/account/api/profile';
import { ChangePasswordForm } from '../../features/account/components/ChangePasswordForm';
import { DownloadMyData } from '../../features/account/components/DownloadMyData';
import { EmailVerification } from '../../features/account/components/EmailVerification';
import { ProfileCard } from '../../features/account/components/ProfileCard';
import { ProfileEditForm } from '../../features/account/components/ProfileEditForm';
import { InstallEntry } from '../../features/install/components/InstallEntry';
import { NotificationSettings } from '../../features/notify/components/NotificationSettings';
import { BlockedList } from '../../features/people/components/BlockedList';
import { CustomerServiceCard } from '../../features/people/components/CustomerServiceCard';
import { WalletIcon } from '../../features/wallet/components/icons';
import { paths, staffPaths } from '../../lib/paths';
import { VERSION } from '../../lib/version';

export default function SettingsPage() {
  const [params] = useSearchParams();
  // Sub-pages live in the query string: SPEC section 2 lists every route.
  if (params.get('view') === 'blocked') return <BlockedPeoplePage />;
  if (params.get('view') === 'profile') return <EditProfilePage />;
  return <SettingsHome />;
}

function BlockedPeoplePage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('blocked.title')} back={paths.settings} />
      <div className="page">
        <BlockedList />
      </div>
    </>
  );
}

function EditProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useInfo().data;
  return (
    <>
      <AppBar title={t('profileEdit.title')} back={paths.settings} />
      <div className="page page-narrow">
        {user ? (
          <ProfileEditForm
            user={user}
            onSaved={() => {
              showToast(t('profileEdit.saved'), 'success');
              navigate(paths.homepage);
            }}
          />
        ) : (
          <Skeleton height={320} />
        )}
      </div>
    </>
  );
}

function SettingsHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const info = useInfo();
  const user = info.data;
  const logout = useLogout();
  const deleteAccount = useDeleteAccount();
  const updateProfile = useUpdateProfile();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deletePassword, setDeletePassword] = useState('');
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [supportOpen, setSupportOpen] = useState(false);

  // mutateAsync throughout: ending the session re-renders the route guards, which unmount this
  // page before per-call callbacks would run.
  const doLogout = () =>
    void logout.mutateAsync().finally(() => {
      showToast(t('settings.loggedOut'), 'success');
      navigate(paths.login, { replace: true });
    });

  const openDelete = () => {
    setDeletePassword('');
    setDeleteError(null);
    setConfirmDelete(true);
  };

  // The server asks for the password again; a wrong one deletes nothing and its message stays
  // in the dialog so the person can try again.
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
          <div className="settings-block">
            <div className="list-item" style={{ cursor: 'default' }}>
              <MailIcon />
              <span className="grow">{t('settings.emailVerification')}</span>
              {user && (
                <span
                  className={user.emailVerified ? 'badge badge-success' : 'badge'}
                  data-testid="email-status"
                >
                  {user.emailVerified ? t('settings.verified') : t('settings.notVerified')}
                </span>
              )}
            </div>
            {user && <EmailVerification user={user} focus={params.get('verify') === 'email'} />}
            <Link className="list-item" to={paths.verification} data-testid="verify-photos">
              <CameraIcon />
              <span className="grow">{t('verification.entry')}</span>
              {user?.verified ? (
                <VerifiedBadge size={20} />
              ) : (
                <span className="badge">{t('settings.notVerified')}</span>
              )}
            </Link>
          </div>

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

          <h2 className="section-title">{t('settings.privacyAndHelp')}</h2>
          <ul className="list">
            <li>
              <Link className="list-item" to="?view=blocked">
                <BlockIcon />
                <span className="grow">{t('blocked.title')}</span>
                <ChevronIcon />
              </Link>
            </li>
            <DownloadMyData />
            <li>
              <Link className="list-item" to={paths.bulletin}>
                <BellIcon />
                <span className="grow">{t('pages.bulletin')}</span>
                <ChevronIcon />
              </Link>
            </li>
            <InstallEntry />
            <li>
              <Link className="list-item" to={paths.download}>
                <SparkleIcon />
                <span className="grow">{t('pages.download')}</span>
                <ChevronIcon />
              </Link>
            </li>
            <li>
              <button type="button" className="list-item" onClick={() => setSupportOpen(true)}>
                <HeadsetIcon />
                <span className="grow">{t('nav.help')}</span>
                <ChevronIcon />
              </button>
            </li>
            <li>
              <Link className="list-item" to={paths.safety}>
                <ShieldIcon />
                <span className="grow">{t('safety.title')}</span>
                <ChevronIcon />
              </Link>
            </li>
          </ul>

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
              <button type="button" className="list-item danger" onClick={openDelete}>
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
      <Dialog
        open={supportOpen}
        onClose={() => setSupportOpen(false)}
        title={t('nav.help')}
        actions={
          <Button variant="outline" onClick={() => setSupportOpen(false)}>
            {t('common.close')}
          </Button>
        }
      >
        <CustomerServiceCard member={Boolean(user?.level)} />
        <p className="support-safety">
          <ShieldIcon size={18} />
          <Link to={paths.safety}>{t('safety.title')}</Link>
        </p>
      </Dialog>
      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('settings.deleteTitle')}
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => setConfirmDelete(false)}
              disabled={deleteAccount.isPending}
            >
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
          <TextField
            label={t('settings.deletePassword')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={deletePassword}
            onChange={(e) => {
              setDeletePassword(e.target.value);
              setDeleteError(null);
            }}
            error={deleteError ?? undefined}
          />
        </form>
      </Dialog>
    </>
  );
}
