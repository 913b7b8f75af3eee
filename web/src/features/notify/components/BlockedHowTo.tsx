// What to do when notifications are blocked: the browser remembers the refusal, and only its own
// site settings can allow them again.
import { useTranslation } from 'react-i18next';
import { isAppleMobile } from '../../../lib/install-prompt';

export function BlockedHowTo() {
  const { t } = useTranslation();
  return (
    <div className="notify-howto" data-testid="push-blocked-howto">
      <p>{t('notify.blockedBody')}</p>
      <ol>
        {isAppleMobile() ? (
          <li>{t('notify.blockedIos')}</li>
        ) : (
          <>
            <li>{t('notify.blockedStep1')}</li>
            <li>{t('notify.blockedStep2')}</li>
            <li>{t('notify.blockedStep3')}</li>
          </>
        )}
      </ol>
    </div>
  );
}
