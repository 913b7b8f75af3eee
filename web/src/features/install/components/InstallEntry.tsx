// Settings' "Install Amora": the browser's install dialog where it offers one, the steps on
// iPhone and iPad; nothing once installed, or where the browser offers nothing (yet).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { ChevronIcon, InstallIcon } from '../../../components/icons';
import { promptInstall, useInstallWay } from '../../../lib/install-prompt';
import { IosSteps } from './InstallSteps';
import './install.css';

export function InstallEntry() {
  const { t } = useTranslation();
  const way = useInstallWay();
  const [stepsOpen, setStepsOpen] = useState(false);
  if (way === 'prompt') {
    return (
      <li>
        <button
          type="button"
          className="list-item"
          onClick={() => void promptInstall()}
          data-testid="install-entry"
        >
          <InstallIcon />
          <span className="grow">{t('install.button')}</span>
          <ChevronIcon />
        </button>
      </li>
    );
  }
  if (way !== 'ios') return null;
  return (
    <li>
      <button
        type="button"
        className="list-item"
        onClick={() => setStepsOpen(true)}
        data-testid="install-entry"
      >
        <InstallIcon />
        <span className="grow">{t('install.addToHomeScreen')}</span>
        <ChevronIcon />
      </button>
      <Dialog
        open={stepsOpen}
        onClose={() => setStepsOpen(false)}
        title={t('install.addToHomeScreen')}
        actions={
          <Button variant="outline" onClick={() => setStepsOpen(false)}>
            {t('common.close')}
          </Button>
        }
      >
        <p className="dialog-text">{t('install.body')}</p>
        <IosSteps heading={false} />
      </Dialog>
    </li>
  );
}
