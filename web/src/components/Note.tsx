// A note over the page or in it: an icon, a few words, its actions and, when it can be put away,
// a close button. The offline banner, the install banner, the new-version notice and the
// invitation to turn on notifications are notes.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

export function Note({
  icon,
  children,
  actions,
  onClose,
  dark = false,
  className = '',
  ...rest
}: {
  icon?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  /** Puts the note away (a close button shows). */
  onClose?: () => void;
  /** Dark on the light page: a note about the app itself rather than the page's content. */
  dark?: boolean;
  className?: string;
  'data-testid'?: string;
  'aria-label'?: string;
  role?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`note ${dark ? 'note-dark' : ''} ${className}`} {...rest}>
      {icon && <span className="note-icon">{icon}</span>}
      {/* The actions sit beside the words while they fit, under them otherwise. */}
      <div className="note-body">
        <div className="note-text">{children}</div>
        {actions && <div className="note-actions">{actions}</div>}
      </div>
      {onClose && (
        <button
          type="button"
          className="icon-btn note-close"
          onClick={onClose}
          aria-label={t('common.close')}
          title={t('common.close')}
        >
          <CloseIcon size={18} />
        </button>
      )}
    </div>
  );
}
