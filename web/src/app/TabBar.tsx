// The phone's bottom tab bar.
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountBadge } from '../components/CountBadge';
import { useIsActive, useNavItems } from './nav-items';

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

export function TabBar() {
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
