// The conversation's photos, full screen over the chat: pinch or double-tap to zoom, swipe (or
// the arrows) to the next one, Close or Escape back to the chat. A modal <dialog>, so focus stays
// in it and the chat behind is inert while it is open.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Button';
import { BackIcon, ChevronIcon, CloseIcon } from '../../../components/icons';
import { ZoomInIcon, ZoomOutIcon } from './icons';
import { usePhotoGestures } from './use-photo-gestures';

export interface ChatPhoto {
  /** The message it came in. */
  id: number;
  /** The full picture. */
  src: string;
}

export function PhotoViewer({
  photos,
  startAt,
  onClose,
  onPhotoError,
}: {
  photos: readonly ChatPhoto[];
  /** The id of the photo's message to show first. */
  startAt: number;
  onClose: () => void;
  /** A photo did not load (its signed address may have expired). */
  onPhotoError: (src: string) => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const [shownId, setShownId] = useState(startAt);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const found = photos.findIndex((p) => p.id === shownId);
  const index = Math.max(0, found);
  const photo = photos[index];

  const gestures = usePhotoGestures((direction) => go(direction));
  const { reset, toggleZoom } = gestures;
  function go(direction: 1 | -1) {
    const next = photos[index + direction];
    if (!next) return;
    reset();
    setShownId(next.id);
  }

  // Escape and Close both close the dialog; the chat then forgets the viewer.
  const closed = useEffectEvent(() => onClose());
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (!node.open) node.showModal?.();
    close.current?.focus();
    node.addEventListener('close', closed);
    return () => node.removeEventListener('close', closed);
  }, []);

  if (!photo) return null;
  const { view } = gestures;
  const zoomed = view.scale > 1;
  return (
    <dialog
      ref={dialog}
      className="photo-viewer"
      aria-label={t('chat.photoViewer')}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(-1);
        else if (e.key === 'ArrowRight') go(1);
        else if ((e.key === '+' || e.key === '=') && !zoomed) toggleZoom();
        else if (e.key === '-' && zoomed) toggleZoom();
        else return;
        e.preventDefault();
      }}
    >
      <div className="photo-viewer-bar">
        <span className="photo-viewer-count" aria-hidden="true">
          {index + 1} / {photos.length}
        </span>
        <button
          type="button"
          className="icon-btn"
          aria-label={zoomed ? t('chat.zoomOut') : t('chat.zoomIn')}
          onClick={() => toggleZoom()}
        >
          {zoomed ? <ZoomOutIcon /> : <ZoomInIcon />}
        </button>
        <button
          ref={close}
          type="button"
          className="icon-btn"
          aria-label={t('common.close')}
          onClick={() => dialog.current?.close()}
        >
          <CloseIcon />
        </button>
      </div>
      <div
        ref={gestures.stage}
        className={`photo-viewer-stage${gestures.moving ? ' is-moving' : ''}`}
        {...gestures.handlers}
      >
        {loadedSrc !== photo.src && <Spinner large label={t('common.loading')} />}
        <img
          key={photo.src}
          ref={gestures.photo}
          className="photo-viewer-photo"
          src={photo.src}
          alt={t('chat.photoOf', { index: index + 1, count: photos.length })}
          draggable={false}
          onLoad={() => setLoadedSrc(photo.src)}
          onError={() => onPhotoError(photo.src)}
          style={{ transform: `translate3d(${view.x}px, ${view.y}px, 0) scale(${view.scale})` }}
        />
      </div>
      <button
        type="button"
        className="photo-viewer-nav photo-viewer-previous"
        aria-label={t('chat.previousPhoto')}
        disabled={index === 0}
        onClick={() => go(-1)}
      >
        <BackIcon />
      </button>
      <button
        type="button"
        className="photo-viewer-nav photo-viewer-next"
        aria-label={t('chat.nextPhoto')}
        disabled={index === photos.length - 1}
        onClick={() => go(1)}
      >
        <ChevronIcon />
      </button>
    </dialog>
  );
}
