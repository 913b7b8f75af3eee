// Modal dialogs on the native <dialog> element: the browser gives focus trapping, Escape and
// the inert background for free; focus goes back to what opened the dialog when it closes.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

/** What had focus when each dialog opened: it gets focus back when the dialog closes. */
const openers = new WeakMap<HTMLDialogElement, HTMLElement>();

/** A choice in a sheet that opens a dialog hands the dialog the sheet's own opener. */
function openerOf(active: Element | null): HTMLElement | undefined {
  const sheet = active?.closest('dialog');
  if (sheet) return openers.get(sheet);
  return active instanceof HTMLElement && active !== document.body ? active : undefined;
}

/** Focus goes back to the dialog's opener, or to whatever dialog stays open. */
function returnFocus(dialog: HTMLDialogElement) {
  const opener = openers.get(dialog);
  openers.delete(dialog);
  if (!opener?.isConnected) return;
  // A sheet that closes as the dialog it chose opens hands that dialog its opener.
  const next = document.querySelector<HTMLDialogElement>('dialog[open]');
  if (!next) opener.focus();
  else if (!openers.has(next)) openers.set(next, opener);
}

/**
 * Shows a <dialog> as a modal while `open`, remembering what had focus to give it back when it
 * closes; Escape asks `onClose`. For a dialog drawn its own way (the photo viewer).
 */
export function useModal(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = openerOf(document.activeElement);
      if (opener) openers.set(dialog, opener);
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      returnFocus(dialog);
    }
  }, [open]);
  // A dialog that leaves the page while open (its owner stops rendering it) also gives focus back.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog && openers.has(dialog)) returnFocus(dialog);
    };
  }, []);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (e: Event) => {
      e.preventDefault();
      onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, [onClose]);
  return ref;
}

export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  sheet = false,
  className = '',
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** Slide up from the bottom on phones (a centred card from 900 px), for longer forms. */
  sheet?: boolean;
  className?: string;
}) {
  const ref = useModal(open, onClose);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className={`${sheet ? 'sheet sheet-form' : 'dialog'} ${className}`}
      aria-labelledby={titleId}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open && (
        <>
          <div className="dialog-body">
            <h2 id={titleId}>{title}</h2>
            {children}
          </div>
          {actions && <div className="dialog-actions">{actions}</div>}
        </>
      )}
    </dialog>
  );
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: ReactNode;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      actions={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
            {confirmLabel ?? t('common.confirm')}
          </Button>
        </>
      }
    >
      {message && <p>{message}</p>}
    </Dialog>
  );
}

export interface SheetAction {
  label: ReactNode;
  onSelect: () => void;
  danger?: boolean;
}

/** A list of choices sliding up from the bottom on phones (centred on desktop). */
export function ActionSheet({
  open,
  onClose,
  title,
  actions,
  className = '',
}: {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  actions: readonly SheetAction[];
  className?: string;
}) {
  const { t } = useTranslation();
  const ref = useModal(open, onClose);
  return (
    <dialog
      ref={ref}
      className={`sheet ${className}`}
      aria-label={typeof title === 'string' ? title : undefined}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open && (
        <>
          {title && <div className="sheet-title">{title}</div>}
          <div className="sheet-actions">
            {actions.map((action, i) => (
              <Button
                key={i}
                variant={action.danger ? 'ghost' : 'ghost'}
                style={action.danger ? { color: 'var(--danger)' } : undefined}
                block
                onClick={() => {
                  onClose();
                  action.onSelect();
                }}
              >
                {action.label}
              </Button>
            ))}
            <Button variant="outline" block onClick={onClose} style={{ marginTop: 6 }}>
              {t('common.cancel')}
            </Button>
          </div>
        </>
      )}
    </dialog>
  );
}
