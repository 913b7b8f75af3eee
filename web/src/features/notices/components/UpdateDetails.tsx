// What an update brings: this build's version and the notes of every newer web version, shared
// by the update prompt and the upgrade page; and the Update now button.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { formatDate } from '../../../i18n/format';
import { VERSION } from '../../../lib/version';
import { updateNow } from '../update-check';
import type { UpdateOffer } from '../update-offer';
import { parseServerTime } from '../time';
import './notices.css';

/** The title of an offer: available, or required when it is mandatory. */
export function useOfferTitle(offer: UpdateOffer): string {
  const { t } = useTranslation();
  return offer.mandatory
    ? t('update.required', { version: offer.latest.version })
    : t('update.available', { version: offer.latest.version });
}

/** This build's version, why a mandatory update is needed, and the notes of each newer one. */
export function UpdateDetails({ offer }: { offer: UpdateOffer }) {
  const { t } = useTranslation();
  return (
    <div className="update-details" data-testid="update-details">
      {offer.mandatory && <p className="update-why">{t('update.requiredBody')}</p>}
      <p className="update-current">{t('update.current', { version: VERSION })}</p>
      <h3 className="update-notes-title">{t('update.whatsNew')}</h3>
      <ul className="update-notes">
        {offer.newer.slice(0, 5).map((v) => (
          <li key={v.version}>
            <div className="update-note-head">
              <strong>{t('update.versionLabel', { version: v.version })}</strong>
              {v.mandatory && <span className="badge badge-accent">{t('update.mandatory')}</span>}
              {v.releasedAt && (
                <time className="muted" dateTime={v.releasedAt}>
                  {formatDate(parseServerTime(v.releasedAt), { dateStyle: 'medium' })}
                </time>
              )}
            </div>
            {v.notes.trim() && <p className="update-note-text">{v.notes}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Update now: busy while the service worker fetches the new app, then the page reloads. */
export function UpdateNowButton({ block = false }: { block?: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      block={block}
      loading={busy}
      onClick={() => {
        setBusy(true);
        void updateNow();
      }}
    >
      {busy ? t('update.updating') : t('update.now')}
    </Button>
  );
}
