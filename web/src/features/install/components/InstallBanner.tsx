// The install banner: from the person's second visit, in one visit only, until closed. It offers
// the browser's install dialog, or on iPhone and iPad says how to add the app.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Note } from '../../../components/Note';
import { InstallIcon, ShareIcon } from '../../../components/icons';
import { promptInstall, useInstallWay } from '../../../lib/install-prompt';
import { bannerDue, dismissBanner, markBannerShown, readBannerMemory } from '../visits';
import './install.css';

export default function InstallBanner() {
  const { t } = useTranslation();
  const way = useInstallWay();
  const [closed, setClosed] = useState(false);
  const canInstall = way === 'prompt' || way === 'ios';
  const due = !closed && bannerDue(readBannerMemory(), canInstall);
  useEffect(() => {
    if (due) markBannerShown();
  }, [due]);
  if (!due) return null;

  const close = () => {
    dismissBanner();
    setClosed(true);
  };
  return (
    <Note
      className="install-banner"
      icon={<img src="/icons/icon.svg" alt="" width={40} height={40} />}
      onClose={close}
      data-testid="install-banner"
      role="region"
      aria-label={t('install.button')}
      actions={
        way === 'prompt' && (
          <Button
            small
            onClick={() => {
              void promptInstall().then((accepted) => {
                if (accepted) close();
              });
            }}
          >
            <InstallIcon size={18} />
            {t('install.short')}
          </Button>
        )
      }
    >
      <strong>{t('install.bannerTitle')}</strong>
      <span>
        {way === 'ios' ? (
          <>
            {t('install.bannerIos')} <ShareIcon size={16} className="install-step-icon" />
          </>
        ) : (
          t('install.bannerBody')
        )}
      </span>
    </Note>
  );
}
