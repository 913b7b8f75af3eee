// A dynamic's photos full size over the page: the arrows (buttons or keys) go to the next one,
// Close or Escape go back, and focus goes back to the thumbnail that opened it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Button';
import { BackIcon, ChevronIcon, CloseIcon } from '../../../components/icons';
import type { DynamicImage } from '../api/types';

export interface ViewedPhotos {
  images: readonly DynamicImage[];
  name: string;
  index: number;
}

export function PhotoViewer({
  viewed,
  onClose,
}: {
  viewed: ViewedPhotos | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={viewed !== null}
      onClose={onClose}
      className="dyn-viewer"
      title={
        <span className="visually-hidden">
          {viewed && t('feed.photosOf', { name: viewed.name })}
        </span>
      }
    >
      {viewed && <Viewer key={viewed.images[0]?.url} viewed={viewed} onClose={onClose} />}
    </Dialog>
  );
}

function Viewer({ viewed, onClose }: { viewed: ViewedPhotos; onClose: () => void }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(viewed.index);
  const [loaded, setLoaded] = useState<string | null>(null);
  const count = viewed.images.length;
  const image = viewed.images[index];
  if (!image) return null;
  const go = (step: 1 | -1) => setIndex((i) => Math.min(count - 1, Math.max(0, i + step)));
  return (
    <div
      className="dyn-viewer-body"
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(-1);
        else if (e.key === 'ArrowRight') go(1);
        else return;
        e.preventDefault();
      }}
    >
      <div className="dyn-viewer-bar">
        <span className="dyn-viewer-count" aria-live="polite">
          {t('feed.photoCount', { number: index + 1, total: count })}
        </span>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('common.close')}
          onClick={onClose}
          autoFocus
        >
          <CloseIcon />
        </button>
      </div>
      <div className="dyn-viewer-stage">
        {loaded !== image.url && <Spinner large label={t('common.loading')} />}
        <img
          key={image.url}
          src={image.url}
          alt={t('feed.photoOf', { name: viewed.name, number: index + 1, total: count })}
          onLoad={() => setLoaded(image.url)}
        />
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="dyn-viewer-nav dyn-viewer-previous"
            aria-label={t('feed.previousPhoto')}
            disabled={index === 0}
            onClick={() => go(-1)}
          >
            <BackIcon />
          </button>
          <button
            type="button"
            className="dyn-viewer-nav dyn-viewer-next"
            aria-label={t('feed.nextPhoto')}
            disabled={index === count - 1}
            onClick={() => go(1)}
          >
            <ChevronIcon />
          </button>
        </>
      )}
    </div>
  );
}
