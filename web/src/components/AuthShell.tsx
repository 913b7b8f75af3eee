// The frame of the signed-out pages.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { AppBar } from './AppBar';
import { Logo } from './Logo';

/** The frame of the signed-out pages: a soft rose background and a centred card. */
export function AuthShell({
  title,
  subtitle,
  back,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: boolean | string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="auth-page auth-shell">
      {back && <AppBar title="" back={back} />}
      <main className="auth-card">
        <Link to={paths.root} className="brand">
          <Logo size={40} />
          {t('app.name')}
        </Link>
        <h1 className="auth-title">{title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {children}
      </main>
    </div>
  );
}
