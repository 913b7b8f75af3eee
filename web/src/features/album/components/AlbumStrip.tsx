// The album on a profile: a strip of thumbnails leading to the album page. Another person's
// open photos are for members: a non-member sees a locked strip with 'Upgrade now'. Nothing shows
// while the album is empty.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrownIcon, LockIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { isUpgradeError } from '../../../lib/request';
import { useAlbumStrip } from '../api/album';
import './album.css';

/** The album page of a person (mine without userId), opening one photo full size if given. */
export function albumHref(userId?: number, photoId?: number): string {
  const query = new URLSearchParams();
  if (userId !== undefined) query.set('userId', String(userId));
  if (photoId !== undefined) query.set('photo', String(photoId));
  const qs = query.toString();
  return qs ? `${paths.album}?${qs}` : paths.album;
}

export function AlbumStrip({
  userId,
  mine,
  name,
}: {
  userId: number;
  mine: boolean;
  name: string;
}) {
  const { t } = useTranslation();
  const album = useAlbumStrip(mine ? undefined : userId);

  if (!mine && isUpgradeError(album.error)) {
    return (
      <section
        className="album-strip locked"
        aria-labelledby="album-strip-title"
        data-testid="album-locked"
      >
        <h3 id="album-strip-title">{t('album.stripTitle')}</h3>
        <div className="album-locked-row" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <span key={i}>
              <LockIcon size={18} />
            </span>
          ))}
        </div>
        <p>{t('album.lockedBody', { name })}</p>
        <Link className="btn btn-primary btn-small" to={paths.recharge}>
          <CrownIcon size={18} />
          {t('upgrade.now')}
        </Link>
      </section>
    );
  }

  const photos = album.data?.rows ?? [];
  if (!photos.length) return null;
  const target = mine ? undefined : userId;
  return (
    <section className="album-strip" aria-labelledby="album-strip-title" data-testid="album-strip">
      <h3 id="album-strip-title">
        <span className="grow">{t('album.stripTitle')}</span>
        <Link to={albumHref(target)}>{mine ? t('album.manage') : t('album.seeAll')}</Link>
      </h3>
      <ul>
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <Link to={albumHref(target, mine ? undefined : photo.id)}>
              <img
                src={photo.thumb || photo.url}
                alt={
                  mine
                    ? t('album.photoAlt', { n: i + 1 })
                    : t('album.theirPhotoAlt', { n: i + 1, name })
                }
                loading="lazy"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
