// The invitation on the messages page: turn on notifications so that no message goes unnoticed.
// It shows while the app may ask (ask.ts); Turn on opens the explanation sheet, closing it is a
// Not now.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Note } from '../../../components/Note';
import { BellIcon } from '../../../components/icons';
import { mayAsk, readAskMemory, rememberNotNow } from '../ask';
import { usePushPermission } from '../permission';
import { PushAskSheet } from './PushAskSheet';
import './notify.css';

export function PushBanner() {
  const { t } = useTranslation();
  const permission = usePushPermission();
  const [closed, setClosed] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  // Read at each render: the sheet's answer changes it.
  const show = !closed && mayAsk(permission, readAskMemory());
  return (
    <>
      {show && (
        <Note
          className="push-banner"
          icon={<BellIcon size={22} />}
          data-testid="push-banner"
          role="region"
          aria-label={t('notify.bannerTitle')}
          onClose={() => {
            rememberNotNow();
            setClosed(true);
          }}
          actions={
            <Button small onClick={() => setSheetOpen(true)}>
              {t('notify.turnOn')}
            </Button>
          }
        >
          <strong>{t('notify.bannerTitle')}</strong>
          <span>{t('notify.bannerBody')}</span>
        </Note>
      )}
      <PushAskSheet open={sheetOpen} onClose={() => setSheetOpen(false)} />
    </>
  );
}
