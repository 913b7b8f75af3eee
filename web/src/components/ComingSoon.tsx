// The designed placeholder of a page whose feature is not released yet.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../lib/paths';
import { SparkleIcon } from './icons';

/** The designed placeholder of a page whose feature is not released yet. */
export function ComingSoon({
  title,
  description,
  icon,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const onDiscover = pathname === paths.root || pathname === paths.index;
  return (
    <section className="center-view coming-soon" data-testid="coming-soon">
      <div className="coming-soon-art" aria-hidden="true">
        {icon ?? <SparkleIcon size={40} />}
      </div>
      <span className="badge badge-accent">{t('comingSoon.badge')}</span>
      <h2>{title}</h2>
      <p>{description}</p>
      <p className="coming-soon-note">{t('comingSoon.body')}</p>
      {children}
      {!onDiscover && (
        <Link className="btn btn-secondary" to={paths.root}>
          {t('comingSoon.backHome')}
        </Link>
      )}
    </section>
  );
}
