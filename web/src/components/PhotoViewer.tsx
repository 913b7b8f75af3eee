// Photos full screen over the page, one at a time: pinch, double-tap or the zoom button to zoom,
// a swipe or the arrows (buttons or keys) to the next one, Close or Escape back, and focus back on
// what opened it. A modal <dialog>, so focus stays in it and the page behind is inert while it is
// open. The chat's photos, a dynamic's, an album's all open here.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './Button';
import { useModal } from './Dialog';
import { BackIcon, ChevronIcon, CloseIcon, ZoomInIcon, ZoomOutIcon } from './icons';
import { usePhotoGestures } from './use-photo-gestures';
import './photo-viewer.css';

export interface ViewedPhoto {
  /** The full picture. */
  src: string;
  /** What a screen reader says of it: "Photo 2 of 3" unless told. */
  alt?: string;
}

export function PhotoViewer({
  photos,
  index,
  onIndex,
  onClose,
  label,
  onPhotoError,
  photoTestId,
  children,
}: {
  photos: readonly ViewedPhoto[];
  /** The photo shown, or null while the viewer is closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** The dialog's name: "Photo viewer" unless told. */
  label?: string;
  /** A photo did not load (a signed address may have expired). */
  onPhotoError?: (src: string) => void;
  /** The shown photo's test id, for the stories. */
  photoTestId?: string;
  /** Shown under the photo, such as the state of an album photo for its owner. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const photo = index === null ? undefined : photos[index];
  const open = photo !== undefined;
  const dialog = useModal(open, onClose);
  const close = useRef<HTMLButtonElement>(null);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const at = index ?? 0;
  const total = photos.length;

  const gestures = usePhotoGestures((direction) => go(direction));
  const { reset, toggleZoom } = gestures;
  function go(direction: 1 | -1) {
    const next = at + direction;
    if (!photos[next]) return;
    reset();
    onIndex(next);
  }

  // Each opening starts at rest, with focus on Close.
  useEffect(() => {
    if (!open) return;
    reset();
    close.current?.focus();
  }, [open, reset]);

  const { view } = gestures;
  const zoomed = view.scale > 1;
  const count = t('photoViewer.count', { number: at + 1, total });
  return (
    <dialog
      ref={dialog}
      className="photo-viewer"
      aria-label={label ?? t('photoViewer.title')}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(-1);
        else if (e.key === 'ArrowRight') go(1);
        else if ((e.key === '+' || e.key === '=') && !zoomed) toggleZoom();
        else if (e.key === '-' && zoomed) toggleZoom();
        else return;
        e.preventDefault();
      }}
    >
      {photo && (
        <>
          <div className="photo-viewer-bar">
            <span className="photo-viewer-count" aria-live="polite">
              {count}
            </span>
            <button
              type="button"
              className="icon-btn"
              aria-label={zoomed ? t('photoViewer.zoomOut') : t('photoViewer.zoomIn')}
              onClick={() => toggleZoom()}
            >
              {zoomed ? <ZoomOutIcon /> : <ZoomInIcon />}
            </button>
            <button
              ref={close}
              type="button"
              className="icon-btn"
              aria-label={t('common.close')}
              onClick={onClose}
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
              alt={photo.alt ?? count}
              draggable={false}
              data-testid={photoTestId}
              onLoad={() => setLoadedSrc(photo.src)}
              onError={() => onPhotoError?.(photo.src)}
              style={{ transform: `translate3d(${view.x}px, ${view.y}px, 0) scale(${view.scale})` }}
            />
          </div>
          {children && <div className="photo-viewer-caption">{children}</div>}
          <button
            type="button"
            className="photo-viewer-nav photo-viewer-previous"
            aria-label={t('photoViewer.previous')}
            disabled={at === 0}
            onClick={() => go(-1)}
          >
            <BackIcon />
          </button>
          <button
            type="button"
            className="photo-viewer-nav photo-viewer-next"
            aria-label={t('photoViewer.next')}
            disabled={at >= total - 1}
            onClick={() => go(1)}
          >
            <ChevronIcon />
          </button>
        </>
      )}
    </dialog>
  );
}
