// The console's sections: a side menu on a desktop; on a phone a menu button naming the current
// section opens the list of every section. The way back to the app beside them.
import { useState } from 'react';
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
  const [open, setOpen] = useState(false);
  const isActive = (to: string) =>
    to === staffPaths.reports ? isReports(pathname) : pathname.startsWith(to);
  const current = SECTIONS.find((s) => isActive(s.to));
  return (
    <nav className="staff-nav" aria-label={t('staff.nav.label')}>
      <div className="staff-brand">
        <Logo size={28} />
        <span>{t('staff.title')}</span>
      </div>
      <button
        type="button"
        className="staff-menu-button"
        aria-expanded={open}
        aria-controls="staff-sections"
        onClick={() => setOpen((o) => !o)}
      >
        <span>{current ? t(`staff.nav.${current.label}`) : t('staff.nav.label')}</span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <ul id="staff-sections" className={open ? 'staff-tabs open' : 'staff-tabs'}>
        {SECTIONS.map((s) => {
          const active = isActive(s.to);
          return (
            <li key={s.to}>
              <Link
                to={s.to}
                className={active ? 'staff-tab active' : 'staff-tab'}
                aria-current={active ? 'page' : undefined}
                onClick={() => setOpen(false)}
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
