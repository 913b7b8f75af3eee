// Our own explanation before the browser's prompt: why notifications help, Turn on or Not now.
// Only Turn on shows the browser's prompt; Not now (or closing the sheet) is remembered for some
// days. A refusal in the browser's prompt turns the sheet into how to allow them later.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { BellIcon } from '../../../components/icons';
import { showToast } from '../../../lib/toast';
import { rememberNotNow } from '../ask';
import { turnOnPush } from '../turn-on';
import { BlockedHowTo } from './BlockedHowTo';
import './notify.css';

export function PushAskSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'explain' | 'blocked'>('explain');
  const [busy, setBusy] = useState(false);

  const close = () => {
    setStep('explain');
    onClose();
  };
  const notNow = () => {
    rememberNotNow();
    close();
  };
  const turnOn = () => {
    setBusy(true);
    void turnOnPush().then((result) => {
      setBusy(false);
      if (result === 'blocked') {
        setStep('blocked');
        return;
      }
      if (result === 'on') showToast(t('notify.turnedOn'), 'success');
      if (result === 'failed') showToast(t('notify.failed'), 'error');
      close();
    });
  };

  if (step === 'blocked') {
    return (
      <Dialog
        open={open}
        onClose={close}
        sheet
        title={t('notify.blockedTitle')}
        className="push-ask"
        actions={<Button onClick={close}>{t('notify.gotIt')}</Button>}
      >
        <BlockedHowTo />
      </Dialog>
    );
  }
  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : notNow}
      sheet
      title={t('notify.askTitle')}
      className="push-ask"
      actions={
        <>
          <Button variant="outline" onClick={notNow} disabled={busy}>
            {t('notify.notNow')}
          </Button>
          <Button onClick={turnOn} loading={busy}>
            {t('notify.turnOn')}
          </Button>
        </>
      }
    >
      <div className="push-ask-art" aria-hidden="true">
        <BellIcon size={30} />
      </div>
      <p>{t('notify.askBody')}</p>
      <p className="push-ask-small">{t('notify.askSmall')}</p>
    </Dialog>
  );
}
