// The page for an address the app does not have.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { paths } from '../../lib/paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="auth-page">
      <div className="center-view" style={{ minHeight: '100dvh' }}>
        <Logo size={56} />
        <h2>{t('errors.notFoundTitle')}</h2>
        <p>{t('errors.notFoundBody')}</p>
        <Link to={paths.root} className="btn btn-primary">
          {t('errors.goHome')}
        </Link>
      </div>
    </main>
  );
}
