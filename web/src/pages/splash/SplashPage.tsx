// The first launch's splash, then the guide.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Logo } from '../../components/Logo';
import { StorageKey, setString } from '../../lib/storage';
import { paths } from '../../lib/paths';

const SPLASH_MS = 1600;

/** First launch only: the brand, then the guide. */
export default function SplashPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    setString(StorageKey.SHOWED_SPLASH, 'true');
    const timer = setTimeout(() => navigate(paths.guide, { replace: true }), SPLASH_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <main className="splash" aria-busy="true" aria-label={t('splash.loading')}>
      <div className="splash-mark">
        <Logo size={96} />
      </div>
      <h1 className="splash-name">{t('app.name')}</h1>
      <p className="splash-tagline">{t('app.tagline')}</p>
    </main>
  );
}
