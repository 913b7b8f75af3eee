// Another person's album: their open photos, for members; a non-member sees what the page gives
// for 'Upgrade now' (the server answers them 403 `upgrade`). Pull down to refresh.
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppBar } from '../../../components/AppBar';
import { Button } from '../../../components/Button';
import { PhotoViewer } from '../../../components/PhotoViewer';
import { PullToRefresh } from '../../../components/PullToRefresh';
import { Skeleton } from '../../../components/Skeleton';
import { CameraIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { ApiError, isUpgradeError } from '../../../lib/request';
import { useAlbum } from '../api/album';
import './album.css';

export function PersonAlbumView({
  userId,
  name,
  upgrade,
  startPhoto,
}: {
  userId: number;
  /** Their name, once known. */
  name: string;
  /** What a non-member sees instead of the photos. */
  upgrade: ReactNode;
  /** The id of a photo to open full size at once (from a profile's strip). */
  startPhoto?: number;
}) {
  const { t } = useTranslation();
  const album = useAlbum(userId);
  const photos = album.data?.rows ?? [];
  const [viewing, setViewing] = useState<number | null>(null);
  const [started, setStarted] = useState(false);
  // The photo tapped on the profile opens full size once the album has arrived.
  if (!started && startPhoto !== undefined && album.data) {
    setStarted(true);
    const at = photos.findIndex((p) => p.id === startPhoto);
    if (at >= 0) setViewing(at);
  }
  const title = name ? t('album.theirTitle', { name }) : t('pages.album');
  const altOf = (n: number) =>
    name ? t('album.theirPhotoAlt', { n, name }) : t('album.photoAlt', { n });

  let body: ReactNode;
  if (isUpgradeError(album.error)) {
    body = upgrade;
  } else if (album.error) {
    const gone = album.error instanceof ApiError && album.error.code === 404;
    body = (
      <section className="center-view">
        <CameraIcon size={36} />
        <h2>{gone ? t('album.notAvailable') : t('album.loadFailed')}</h2>
        {gone ? (
          <Link className="btn btn-secondary" to={paths.root}>
            {t('people.browse')}
          </Link>
        ) : (
          <Button onClick={() => void album.refetch()}>{t('common.retry')}</Button>
        )}
      </section>
    );
  } else if (album.isPending) {
    body = (
      <div className="album-grid" aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height="100%" style={{ aspectRatio: '3 / 4' }} />
        ))}
      </div>
    );
  } else if (!photos.length) {
    body = (
      <div className="album-empty" data-testid="album-empty">
        <CameraIcon size={32} />
        <h2>{name ? t('album.theirEmpty', { name }) : t('album.theirEmptyNoName')}</h2>
      </div>
    );
  } else {
    body = (
      <ul className="album-grid" data-testid="album-grid">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <button
              type="button"
              className="album-tile"
              onClick={() => setViewing(i)}
              data-testid="album-photo"
            >
              <img src={photo.thumb || photo.url} alt={altOf(i + 1)} />
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <AppBar title={title} back />
      <PullToRefresh onRefresh={() => album.refetch()}>
        <div className="page album-page">{body}</div>
      </PullToRefresh>
      <PhotoViewer
        photos={photos.map((photo, i) => ({ src: photo.url, alt: altOf(i + 1) }))}
        index={viewing}
        onIndex={setViewing}
        onClose={() => setViewing(null)}
        label={t('photoViewer.count', { number: (viewing ?? 0) + 1, total: photos.length })}
        photoTestId="album-full-photo"
      />
    </>
  );
}
