// The console's sections: a side menu on a desktop, a row of tabs that scrolls sideways on a
// phone; the way back to the app beside them.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../../components/Logo';
import { BackIcon } from '../../../components/icons';
import type { KeysUnder } from '../../../i18n';
import { paths, staffPaths } from '../../../lib/paths';
import './staff.css';

const SECTIONS: readonly { to: string; label: KeysUnder<'staff.nav'> }[] = [
  { to: staffPaths.reports, label: 'reports' },
  { to: staffPaths.review, label: 'review' },
  { to: staffPaths.users, label: 'users' },
  { to: staffPaths.notices, label: 'notices' },
  { to: staffPaths.versions, label: 'versions' },
  { to: staffPaths.products, label: 'products' },
  { to: staffPaths.errors, label: 'errors' },
  { to: staffPaths.audit, label: 'audit' },
];

/** Reports own /admin and /admin/reports/…; the other sections their own prefix. */
function isReports(pathname: string): boolean {
  return pathname === staffPaths.reports || pathname.startsWith('/admin/reports/');
}

export function StaffNav({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const tabs = useRef<HTMLUListElement>(null);
  // On a phone the row of tabs scrolls: the current section stays in sight.
  useEffect(() => {
    const current = tabs.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (current && tabs.current) {
      const row = tabs.current;
      const left = current.offsetLeft - row.offsetLeft;
      if (left < row.scrollLeft || left + current.offsetWidth > row.scrollLeft + row.clientWidth) {
        row.scrollLeft = left - 16;
      }
    }
  }, [pathname]);
  return (
    <nav className="staff-nav" aria-label={t('staff.nav.label')}>
      <div className="staff-brand">
        <Logo size={28} />
        <span>{t('staff.title')}</span>
      </div>
      <ul className="staff-tabs" ref={tabs}>
        {SECTIONS.map((s) => {
          const active =
            s.to === staffPaths.reports ? isReports(pathname) : pathname.startsWith(s.to);
          return (
            <li key={s.to}>
              <Link
                to={s.to}
                className={active ? 'staff-tab active' : 'staff-tab'}
                aria-current={active ? 'page' : undefined}
              >
                {t(`staff.nav.${s.label}`)}
              </Link>
            </li>
          );
        })}
      </ul>
      <Link className="staff-exit" to={paths.settings}>
        <BackIcon size={18} />
        <span>{t('staff.nav.exit')}</span>
      </Link>
    </nav>
  );
}
