// An album photo full size, in a dialog: Previous and Next (or the arrow keys) move through the
// album; Close or Escape go back to it.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { BackIcon, ChevronIcon } from '../../../components/icons';
import type { Photo } from '../api/types';
import { StateBadge } from './StateBadge';

export function PhotoViewer({
  photos,
  index,
  onIndex,
  onClose,
  altOf,
  showState = false,
}: {
  photos: readonly Photo[];
  /** The photo shown, or null when the viewer is closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
  altOf: (n: number) => string;
  /** The owner sees each photo's state. */
  showState?: boolean;
}) {
  const { t } = useTranslation();
  const open = index !== null && Boolean(photos[index]);
  const at = index ?? 0;
  const photo = photos[at];
  const total = photos.length;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft' && at > 0) onIndex(at - 1);
      if (e.key === 'ArrowRight' && at < total - 1) onIndex(at + 1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, at, total, onIndex]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('album.viewerTitle', { n: at + 1, total })}
      className="album-viewer"
      actions={
        <>
          <Button
            variant="outline"
            aria-label={t('album.previous')}
            disabled={at === 0}
            onClick={() => onIndex(at - 1)}
          >
            <BackIcon />
          </Button>
          <Button
            variant="outline"
            aria-label={t('album.next')}
            disabled={at >= total - 1}
            onClick={() => onIndex(at + 1)}
          >
            <ChevronIcon />
          </Button>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </>
      }
    >
      {photo && (
        <figure className="album-viewer-figure">
          <img src={photo.url} alt={altOf(at + 1)} data-testid="album-full-photo" />
          {showState && (
            <figcaption>
              <StateBadge state={photo.state} isOpen={photo.isOpen} />
            </figcaption>
          )}
        </figure>
      )}
    </Dialog>
  );
}
