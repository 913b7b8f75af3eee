// A photo's marks as its owner sees them: Open or Private, and Under review while staff have
// not approved it; a private photo waiting for review shows both, so nobody wonders whether it
// will be shown once approved.
import { useTranslation } from 'react-i18next';
import { ClockIcon, EyeIcon, LockIcon } from '../../../components/icons';
import type { PhotoState } from '../api/types';

export function StateBadge({ state, isOpen }: { state: PhotoState; isOpen: boolean }) {
  const { t } = useTranslation();
  const shown = state === 'review' ? (isOpen ? 'open' : 'private') : state;
  const Icon = shown === 'open' ? EyeIcon : LockIcon;
  return (
    <span className="album-badges" data-testid="photo-state">
      {state === 'review' && (
        <span className="album-badge state-review" data-testid="photo-mark">
          <ClockIcon size={14} />
          {t('album.state.review')}
        </span>
      )}
      {(state !== 'review' || shown === 'private') && (
        <span className={`album-badge state-${shown}`} data-testid="photo-mark">
          <Icon size={14} />
          {t(`album.state.${shown}`)}
        </span>
      )}
    </span>
  );
}
