// My album's photos as tiles, each with its marks and its privacy switch (or, while selecting,
// its check), and the tile that adds photos while there is room.
import { useTranslation } from 'react-i18next';
import { CheckIcon, PlusIcon } from '../../../components/icons';
import type { Photo } from '../api/types';
import { PrivacySwitch } from './PrivacySwitch';
import { StateBadge } from './StateBadge';

export function MyPhotoGrid({
  photos,
  selecting,
  selected,
  room,
  busy,
  switchingId,
  onToggle,
  onView,
  onSwitchOne,
  onAdd,
}: {
  photos: readonly Photo[];
  selecting: boolean;
  selected: ReadonlySet<number>;
  /** How many more photos fit. */
  room: number;
  /** Photos are being prepared or uploaded. */
  busy: boolean;
  /** The photo whose own switch is under way. */
  switchingId: number | undefined;
  onToggle: (photo: Photo) => void;
  onView: (index: number) => void;
  onSwitchOne: (photo: Photo) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="album-grid" data-testid="album-grid">
      {photos.map((photo, i) => (
        <li key={photo.id}>
          <button
            type="button"
            className={selected.has(photo.id) ? 'album-tile selected' : 'album-tile'}
            aria-pressed={selecting ? selected.has(photo.id) : undefined}
            onClick={() => (selecting ? onToggle(photo) : onView(i))}
            data-testid="album-photo"
          >
            <img src={photo.thumb || photo.url} alt={t('album.photoAlt', { n: i + 1 })} />
            <StateBadge state={photo.state} isOpen={photo.isOpen} />
            {selecting && (
              <span className="album-check" aria-hidden="true">
                {selected.has(photo.id) && <CheckIcon size={18} />}
              </span>
            )}
          </button>
          {!selecting && (
            <PrivacySwitch
              photo={photo}
              n={i + 1}
              busy={switchingId === photo.id}
              onSwitch={() => onSwitchOne(photo)}
            />
          )}
        </li>
      ))}
      {room > 0 && !selecting && (
        <li>
          <button
            type="button"
            className="album-add"
            onClick={onAdd}
            disabled={busy}
            data-testid="album-add"
          >
            <PlusIcon size={30} />
            <span>{t('album.add')}</span>
            <small>{t('album.left', { n: room })}</small>
          </button>
        </li>
      )}
    </ul>
  );
}
