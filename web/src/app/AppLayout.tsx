// The signed-in shell: a bottom tab bar on phones that becomes a side menu from 900 px; the notes
// about the app itself (offline, a new version, installing it) and the asking for notifications.
import {
  type ReactNode,
  type RefObject,
  Suspense,
  lazy,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Avatar } from '../components/Avatar';
import { CountBadge } from '../components/CountBadge';
import { ConfirmDialog } from '../components/Dialog';
import { Logo } from '../components/Logo';
import { OfflineBanner } from '../components/OfflineBanner';
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
import { NewVersionNote } from '../features/notices/components/NewVersionNote';
import { favouritesTotal, useCounters } from '../features/people/api/counters';
import { showToast } from '../lib/toast';
import { getUnreadNumber, subscribeUnreadNumber } from '../lib/unread-number';
import { paths } from '../lib/paths';
import './layout.css';

// The chat connection runs while signed in; loaded apart so it stays off the login route.
const ChatRuntime = lazy(() => import('../features/chat/components/ChatRuntime'));
// The update check runs while signed in (never on the login page), loaded apart for the same reason.
const UpdateChecker = lazy(() => import('../features/notices/components/UpdateChecker'));
// So do the asking for notifications and the install banner.
const PushAsker = lazy(() => import('../features/notify/components/PushAsker'));
const InstallBanner = lazy(() => import('../features/install/components/InstallBanner'));

interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
  /** New entries since the list was last opened (the red badge). */
  badge?: number;
  /** Other `tab` values of the same page this entry stands for. */
  alsoTabs?: string[];
}

function useNavItems() {
  const { t } = useTranslation();
  const counters = useCounters().data;
  const unread = useSyncExternalStore(subscribeUnreadNumber, getUnreadNumber);
  const discover: NavItem = {
    to: paths.root,
    label: t('nav.discover'),
    icon: <CompassIcon />,
    end: true,
  };
  const favourites: NavItem[] = [
    {
      to: `${paths.index}?tab=favourite`,
      label: t('nav.myFavourite'),
      icon: <HeartIcon />,
      badge: counters?.LikeTo,
    },
    {
      to: `${paths.index}?tab=wink`,
      label: t('nav.winkMe'),
      icon: <WinkIcon />,
      badge: counters?.LikeMe,
    },
    {
      to: `${paths.index}?tab=footprints`,
      label: t('nav.footprints'),
      icon: <FootprintIcon />,
      badge: counters?.Visitor,
    },
  ];
  const rest: NavItem[] = [
    {
      to: paths.dynamic,
      label: t('nav.myDynamic'),
      icon: <FeedIcon />,
      badge: counters?.Dynamics,
    },
    { to: paths.message, label: t('nav.messages'), icon: <ChatIcon />, badge: unread },
    { to: paths.bulletin, label: t('nav.activity'), icon: <BellIcon /> },
    { to: paths.grade, label: t('nav.upgrade'), icon: <CrownIcon /> },
    { to: paths.settings, label: t('nav.settings'), icon: <SettingsIcon /> },
    { to: `${paths.message}?tab=support`, label: t('nav.help'), icon: <HelpIcon /> },
  ];
  const tabs: NavItem[] = [
    discover,
    {
      to: `${paths.index}?tab=favourite`,
      label: t('nav.favorites'),
      icon: <HeartIcon />,
      badge: favouritesTotal(counters),
      alsoTabs: ['wink', 'footprints'],
    },
    // The phone's tab bar has a fifth of 390 px a label: the short names fit every language.
    {
      to: paths.dynamic,
      label: t('nav.tabDynamic'),
      icon: <FeedIcon />,
      badge: counters?.Dynamics,
    },
    { to: paths.message, label: t('nav.messages'), icon: <ChatIcon />, badge: unread },
    { to: paths.settings, label: t('nav.tabSettings'), icon: <SettingsIcon /> },
  ];
  return { discover, favourites, rest, tabs };
}

/**
 * Which entry is the current page. NavLink cannot tell: it ignores the query string these tabs
 * differ by (it would mark all three favourites lists active), and `/` is the index page too.
 */
function useIsActive() {
  const location = useLocation();
  const samePage = (p: string) => (p === paths.root ? paths.index : p);
  const here = samePage(location.pathname);
  const tab = new URLSearchParams(location.search).get('tab') ?? '';
  return (item: NavItem) => {
    const [path = '', query] = item.to.split('?');
    if (samePage(path) !== here) return false;
    if (item.end) return !tab;
    const wanted = new URLSearchParams(query).get('tab');
    return !wanted || [wanted, ...(item.alsoTabs ?? [])].includes(tab);
  };
}

function MenuLink({ item }: { item: NavItem }) {
  const isActive = useIsActive();
  const active = isActive(item);
  return (
    <Link
      to={item.to}
      className={active ? 'menu-link active' : 'menu-link'}
      aria-current={active ? 'page' : undefined}
    >
      {item.icon}
      <span className="grow">{item.label}</span>
      <CountBadge count={item.badge ?? 0} />
    </Link>
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

/**
 * Keeps --tabbar-h at the height the tab bar is drawn at, the safe area below it left out (its
 * users add that themselves). With large text the labels take two lines or the tabs two rows,
 * and the page's end, the album's action bar and the comment composer must stay clear of it.
 */
function usePublishedHeight(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = bar.offsetHeight - parseFloat(getComputedStyle(bar).paddingBottom);
      // Hidden (the side menu's width) it has no height, and nothing under it needs one.
      if (height > 0) root.style.setProperty('--tabbar-h', `${height}px`);
    });
    observer.observe(bar, { box: 'border-box' });
    return () => {
      observer.disconnect();
      root.style.removeProperty('--tabbar-h');
    };
  }, [ref]);
}

function TabBar() {
  const { t } = useTranslation();
  const { tabs } = useNavItems();
  const isActive = useIsActive();
  const ref = useRef<HTMLElement>(null);
  usePublishedHeight(ref);
  return (
    <nav ref={ref} className="tab-bar" aria-label={t('nav.mainMenu')}>
      {tabs.map((item) => {
        const active = isActive(item);
        return (
          <Link
            key={item.to}
            to={item.to}
            className={active ? 'tab active' : 'tab'}
            aria-current={active ? 'page' : undefined}
          >
            <span className="tab-icon">
              {item.icon}
              <CountBadge count={item.badge ?? 0} />
            </span>
            <span className="tab-label">{item.label}</span>
          </Link>
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
      <Suspense fallback={null}>
        <ChatRuntime />
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
