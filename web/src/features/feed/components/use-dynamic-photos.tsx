// A dynamic's photos opened full size from its card, in the shared photo viewer: named after
// their author, each described as the card describes its thumbnail.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoViewer } from '../../../components/PhotoViewer';
import type { Dynamic, DynamicImage } from '../api/types';

interface Viewed {
  images: readonly DynamicImage[];
  name: string;
  index: number;
}

/** `openPhoto` for the cards; `viewer` goes in the page once. */
export function useDynamicPhotos() {
  const { t } = useTranslation();
  const [viewed, setViewed] = useState<Viewed | null>(null);
  const openPhoto = useCallback(
    (dynamic: Dynamic, index: number) =>
      setViewed({ images: dynamic.images, name: dynamic.userName, index }),
    [],
  );
  const images = viewed?.images ?? [];
  const name = viewed?.name ?? '';
  const viewer = (
    <PhotoViewer
      photos={images.map((image, i) => ({
        src: image.url,
        alt: t('feed.photoOf', { name, number: i + 1, total: images.length }),
      }))}
      index={viewed?.index ?? null}
      onIndex={(index) => setViewed((v) => v && { ...v, index })}
      onClose={() => setViewed(null)}
      label={t('feed.photosOf', { name })}
    />
  );
  return { openPhoto, viewer };
}
