// Says that the device has no network: the app opens what it has, and catches up by itself once
// the network is back (lib/connectivity). The live region stays on the page so that both the
// going and the coming back are announced.
import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/connectivity';
import { Note } from './Note';
import { CloudOffIcon } from './icons';

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div role="status" className="note-slot">
      {!online && (
        <Note dark icon={<CloudOffIcon size={20} />} data-testid="offline-banner">
          <strong>{t('offline.title')}</strong> {t('offline.body')}
        </Note>
      )}
    </div>
  );
}
