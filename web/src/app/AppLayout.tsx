// The signed-in shell: a bottom tab bar on phones that becomes a side menu from 900 px.
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Avatar } from '../components/Avatar';
import { ConfirmDialog } from '../components/Dialog';
import { Logo } from '../components/Logo';
import {
  BellIcon,
  ChatIcon,
  CompassIcon,
  CrownIcon,
  FeedIcon,
  FootprintIcon,
  HeartIcon,
  HelpIcon,
  LogoutIcon,
  SettingsIcon,
  WinkIcon,
} from '../components/icons';
import { useInfo } from '../features/account/api/get-info';
import { useLogout } from '../features/account/api/logout';
import { showToast } from '../lib/toast';
import { paths } from './routes';
import './layout.css';

interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
}

function useNavItems() {
  const { t } = useTranslation();
  const discover: NavItem = {
    to: paths.root,
    label: t('nav.discover'),
    icon: <CompassIcon />,
    end: true,
  };
  const favourites: NavItem[] = [
    { to: `${paths.index}?tab=favourite`, label: t('nav.myFavourite'), icon: <HeartIcon /> },
    { to: `${paths.index}?tab=wink`, label: t('nav.winkMe'), icon: <WinkIcon /> },
    { to: `${paths.index}?tab=footprints`, label: t('nav.footprints'), icon: <FootprintIcon /> },
  ];
  const rest: NavItem[] = [
    { to: paths.dynamic, label: t('nav.myDynamic'), icon: <FeedIcon /> },
    { to: paths.message, label: t('nav.messages'), icon: <ChatIcon /> },
    { to: paths.bulletin, label: t('nav.activity'), icon: <BellIcon /> },
    { to: paths.grade, label: t('nav.upgrade'), icon: <CrownIcon /> },
    { to: paths.settings, label: t('nav.settings'), icon: <SettingsIcon /> },
    { to: `${paths.message}?tab=support`, label: t('nav.help'), icon: <HelpIcon /> },
  ];
  const tabs: NavItem[] = [
    discover,
    { to: `${paths.index}?tab=favourite`, label: t('nav.favorites'), icon: <HeartIcon /> },
    { to: paths.dynamic, label: t('nav.myDynamic'), icon: <FeedIcon /> },
    { to: paths.message, label: t('nav.messages'), icon: <ChatIcon /> },
    { to: paths.settings, label: t('nav.settings'), icon: <SettingsIcon /> },
  ];
  return { discover, favourites, rest, tabs };
}

/** NavLink ignores the query string; these tabs differ only by it. */
function useIsActive() {
  const location = useLocation();
  return (to: string, end?: boolean) => {
    const [path, query] = to.split('?');
    if (end)
      return (
        location.pathname === path ||
        (location.pathname === paths.index && !location.search && to === paths.root)
      );
    if (location.pathname !== path) return false;
    if (!query) return true;
    return new URLSearchParams(location.search).toString().includes(query);
  };
}

function MenuLink({ item }: { item: NavItem }) {
  const isActive = useIsActive();
  const active = isActive(item.to, item.end);
  return (
    <NavLink
      to={item.to}
      className={active ? 'menu-link active' : 'menu-link'}
      aria-current={active ? 'page' : undefined}
    >
      {item.icon}
      <span>{item.label}</span>
    </NavLink>
  );
}

function SideMenu({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const { discover, favourites, rest } = useNavItems();
  const { data: user } = useInfo();
  return (
    <nav className="side-menu" aria-label={t('nav.mainMenu')}>
      <NavLink to={paths.root} className="brand side-brand">
        <Logo size={36} />
        {t('app.name')}
      </NavLink>
      <MenuLink item={discover} />
      <div className="menu-group">{t('nav.favorites')}</div>
      {favourites.map((item) => (
        <MenuLink key={item.to} item={item} />
      ))}
      <div className="menu-sep" />
      {rest.map((item) => (
        <MenuLink key={item.to} item={item} />
      ))}
      <button type="button" className="menu-link" onClick={onLogout}>
        <LogoutIcon />
        <span>{t('nav.logout')}</span>
      </button>
      {user && (
        <NavLink to={paths.settings} className="side-user">
          <Avatar src={user.avatarThumb ?? user.avatar} name={user.userName} size={36} />
          <span className="grow">{user.userName}</span>
        </NavLink>
      )}
    </nav>
  );
}

function TabBar() {
  const { t } = useTranslation();
  const { tabs } = useNavItems();
  const isActive = useIsActive();
  return (
    <nav className="tab-bar" aria-label={t('nav.mainMenu')}>
      {tabs.map((item) => {
        const active = isActive(item.to, item.end);
        return (
          <NavLink
            key={item.to}
            to={item.to}
            className={active ? 'tab active' : 'tab'}
            aria-current={active ? 'page' : undefined}
          >
            {item.icon}
            <span>{item.label}</span>
          </NavLink>
        );
      })}
    </nav>
  );
}

export function AppLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);
  const isChat = location.pathname === paths.chat;

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
      {!isChat && <TabBar />}
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
