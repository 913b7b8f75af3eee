// The entries of the signed-in menus, with their red badges, and which one is the current page.
import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  BellIcon,
  ChatIcon,
  CompassIcon,
  CrownIcon,
  FeedIcon,
  FootprintIcon,
  HeartIcon,
  HelpIcon,
  SettingsIcon,
  WinkIcon,
} from '../components/icons';
import { favouritesTotal, useCounters } from '../features/people/api/counters';
import { getMessagesUnread, subscribeUnreadNumber } from '../lib/unread-number';
import { paths } from '../lib/paths';

export interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
  /** New entries since the list was last opened (the red badge). */
  badge?: number;
  /** Other `tab` values of the same page this entry stands for. */
  alsoTabs?: string[];
}

export function useNavItems() {
  const { t } = useTranslation();
  const counters = useCounters().data;
  const unread = useSyncExternalStore(subscribeUnreadNumber, getMessagesUnread);
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
export function useIsActive() {
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
