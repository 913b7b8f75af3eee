// The signed-in shell: a bottom tab bar on phones that becomes a side menu from 900 px; the notes
// about the app itself (offline, a new version, installing it) and the asking for notifications.
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../components/Dialog';
import { OfflineBanner } from '../components/OfflineBanner';
import { useLogout } from '../features/account/api/logout';
import { NewVersionNote } from '../features/notices/components/NewVersionNote';
import { showToast } from '../lib/toast';
import { paths } from '../lib/paths';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import './layout.css';

// The chat connection runs while signed in; loaded apart so it stays off the login route.
const ChatRuntime = lazy(() => import('../features/chat/components/ChatRuntime'));
// So does following my groups (their unread messages count on the Messages tab).
const GroupsRuntime = lazy(() => import('./GroupsRuntime'));
// The update check runs while signed in (never on the login page), loaded apart for the same reason.
const UpdateChecker = lazy(() => import('../features/notices/components/UpdateChecker'));
// So do the asking for notifications and the install banner.
const PushAsker = lazy(() => import('../features/notify/components/PushAsker'));
const InstallBanner = lazy(() => import('../features/install/components/InstallBanner'));

export function AppLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);
  const isChat = location.pathname === paths.chat || location.pathname === paths.groupChat;

  // mutateAsync: ending the session unmounts this layout before per-call callbacks would run.
  const doLogout = () =>
    void logout.mutateAsync().finally(() => {
      setConfirming(false);
      showToast(t('settings.loggedOut'), 'success');
      navigate(paths.login, { replace: true });
    });

  return (
    <div className={isChat ? 'shell shell-chat' : 'shell'}>
      <SideMenu onLogout={() => setConfirming(true)} />
      <main className="shell-main">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <ChatRuntime />
        <GroupsRuntime />
        <UpdateChecker />
      </Suspense>
      {!isChat && <TabBar />}
      <div className="shell-notes">
        <OfflineBanner />
        <NewVersionNote />
        {!isChat && (
          <Suspense fallback={null}>
            <InstallBanner />
          </Suspense>
        )}
      </div>
      <Suspense fallback={null}>
        <PushAsker />
      </Suspense>
      <ConfirmDialog
        open={confirming}
        title={t('nav.logout')}
        confirmLabel={t('settings.logout')}
        busy={logout.isPending}
        onConfirm={doLogout}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
