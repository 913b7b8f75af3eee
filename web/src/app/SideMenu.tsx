// The side menu from 900 px: Discover, the favourites lists, the other pages, Log out and me.
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Avatar } from '../components/Avatar';
import { CountBadge } from '../components/CountBadge';
import { Logo } from '../components/Logo';
import { LogoutIcon } from '../components/icons';
import { useInfo } from '../features/account/api/get-info';
import { paths } from '../lib/paths';
import { type NavItem, useIsActive, useNavItems } from './nav-items';

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

export function SideMenu({ onLogout }: { onLogout: () => void }) {
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
