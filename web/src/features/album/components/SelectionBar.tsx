// While selecting in my album: how many photos are selected, and Make open, Make private and
// Delete for all of them.
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { EyeIcon, LockIcon, TrashIcon } from '../../../components/icons';

export function SelectionBar({
  count,
  switching,
  onSwitch,
  onDelete,
}: {
  count: number;
  /** Which switch is under way: to open (true), to private (false), or none. */
  switching: boolean | null;
  onSwitch: (isOpen: boolean) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="album-actions" role="toolbar" aria-label={t('album.selectionActions')}>
      <span className="album-selected" aria-live="polite">
        {t('album.selected', { n: count })}
      </span>
      <div className="album-action-buttons">
        <Button
          variant="secondary"
          small
          disabled={!count}
          loading={switching === true}
          onClick={() => onSwitch(true)}
        >
          <EyeIcon size={18} />
          {t('album.makeOpen')}
        </Button>
        <Button
          variant="secondary"
          small
          disabled={!count}
          loading={switching === false}
          onClick={() => onSwitch(false)}
        >
          <LockIcon size={18} />
          {t('album.makePrivate')}
        </Button>
        <Button variant="danger" small disabled={!count} onClick={onDelete}>
          <TrashIcon size={18} />
          {t('album.delete')}
        </Button>
      </div>
    </div>
  );
}
