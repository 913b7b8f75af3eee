// The steps to add the app on iPhone and iPad, where Safari makes no install offer: Share, then
// Add to Home Screen.
import { useTranslation } from 'react-i18next';
import { ShareIcon } from '../../../components/icons';

export function IosSteps({ heading = true }: { heading?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="install-steps" data-testid="ios-steps">
      {heading && <h3>{t('install.iosTitle')}</h3>}
      <ol>
        <li>{t('install.iosStep1')}</li>
        <li>
          {t('install.iosStep2')} <ShareIcon size={18} className="install-step-icon" />
        </li>
        <li>{t('install.iosStep3')}</li>
      </ol>
    </div>
  );
}
