// A dynamic's photos as thumbnails: one large, or a grid of two or three columns; each opens the
// full picture.
import { useTranslation } from 'react-i18next';
import type { DynamicImage } from '../api/types';

/** Columns for a number of photos: 1 alone, 2 and 4 in two columns, otherwise three. */
export function gridColumns(count: number): 1 | 2 | 3 {
  if (count <= 1) return 1;
  if (count === 2 || count === 4) return 2;
  return 3;
}

export function PhotoGrid({
  images,
  name,
  onOpen,
}: {
  images: readonly DynamicImage[];
  /** The author, for the photos' descriptions. */
  name: string;
  onOpen: (index: number) => void;
}) {
  const { t } = useTranslation();
  if (images.length === 0) return null;
  const columns = gridColumns(images.length);
  return (
    <ul className={`dyn-photos dyn-photos-${columns}`} data-testid="dynamic-photos">
      {images.map((image, i) => (
        <li key={`${image.url}-${i}`}>
          <button type="button" className="dyn-photo" onClick={() => onOpen(i)}>
            <img
              src={image.thumb || image.url}
              alt={t('feed.photoOf', { name, number: i + 1, total: images.length })}
              loading="lazy"
              decoding="async"
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
