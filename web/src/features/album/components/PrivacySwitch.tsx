// Open or private, for one photo of my album: the switch under it.
import { useTranslation } from 'react-i18next';
import type { Photo } from '../api/types';

/** Open or private, for one photo: a labelled switch under it, on when the photo is private. */
export function PrivacySwitch({
  photo,
  n,
  busy,
  onSwitch,
}: {
  photo: Photo;
  n: number;
  busy: boolean;
  onSwitch: () => void;
}) {
  const { t } = useTranslation();
  const isPrivate = !photo.isOpen;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isPrivate}
      aria-label={t('album.privateSwitch', { n })}
      className={isPrivate ? 'album-privacy on' : 'album-privacy'}
      disabled={busy}
      onClick={onSwitch}
      data-testid="photo-private-switch"
    >
      <span className="album-privacy-text">
        {isPrivate ? t('album.state.private') : t('album.state.open')}
      </span>
      <span className="album-privacy-track" aria-hidden="true">
        <span className="album-privacy-knob" />
      </span>
    </button>
  );
}
