// The update prompt over the app: a dialog that Later (or Escape) puts off for that version, or,
// for a mandatory update, one that stays until the page reloads.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import type { UpdateOffer } from '../update-offer';
import { UpdateDetails, UpdateNowButton, useOfferTitle } from './UpdateDetails';

export function UpdatePrompt({ offer, onLater }: { offer: UpdateOffer; onLater: () => void }) {
  const { t } = useTranslation();
  const title = useOfferTitle(offer);
  if (offer.mandatory) {
    return (
      <BlockingDialog title={title} actions={<UpdateNowButton block />}>
        <UpdateDetails offer={offer} />
      </BlockingDialog>
    );
  }
  return (
    <Dialog
      open
      onClose={onLater}
      title={title}
      className="update-dialog"
      actions={
        <>
          <Button variant="outline" onClick={onLater}>
            {t('update.later')}
          </Button>
          <UpdateNowButton />
        </>
      }
    >
      <UpdateDetails offer={offer} />
    </Dialog>
  );
}

/**
 * A modal dialog nothing dismisses: Escape and the backdrop do nothing, and should the browser
 * close it anyway (Chromium does on a repeated Escape), it opens again at once.
 */
function BlockingDialog({
  title,
  children,
  actions,
}: {
  title: ReactNode;
  children: ReactNode;
  actions: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const show = () => {
      if (dialog.open) return;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    };
    const refuse = (e: Event) => e.preventDefault();
    show();
    dialog.addEventListener('cancel', refuse);
    dialog.addEventListener('close', show);
    return () => {
      dialog.removeEventListener('cancel', refuse);
      dialog.removeEventListener('close', show);
      if (dialog.open) dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog update-dialog"
      aria-labelledby={titleId}
      data-testid="update-required"
    >
      <div className="dialog-body">
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
      <div className="dialog-actions">{actions}</div>
    </dialog>
  );
}
