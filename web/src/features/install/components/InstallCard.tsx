// The download page's install card: installed already, or both ways to install: the browser's
// own offer on Android and computers (with its button when the browser makes the offer), and the
// steps for iPhone and iPad.
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { InstallIcon } from '../../../components/icons';
import { isAppleMobile, promptInstall, useInstallWay } from '../../../lib/install-prompt';
import { IosSteps } from './InstallSteps';
import './install.css';

export function InstallCard() {
  const { t } = useTranslation();
  const way = useInstallWay();
  const apple = isAppleMobile();
  const offer = (
    <div className="install-steps">
      <h3>{t('install.browserTitle')}</h3>
      {way === 'prompt' ? (
        <Button onClick={() => void promptInstall()} data-testid="install-app">
          <InstallIcon size={20} />
          {t('install.button')}
        </Button>
      ) : (
        <p className="muted">{t('install.browserSteps')}</p>
      )}
    </div>
  );
  return (
    <section className="card download-card" aria-labelledby="download-install">
      <h2 id="download-install">{t('install.title')}</h2>
      {way === 'installed' ? (
        <p data-testid="installed">{t('install.installed')}</p>
      ) : (
        <>
          <p className="muted">{t('install.body')}</p>
          {/* This device's way first. */}
          {apple ? (
            <>
              <IosSteps />
              {offer}
            </>
          ) : (
            <>
              {offer}
              <IosSteps />
            </>
          )}
        </>
      )}
    </section>
  );
}
