// A photo's state as its owner sees it: Open, Private or Under review.
import { useTranslation } from 'react-i18next';
import { ClockIcon, EyeIcon, LockIcon } from '../../../components/icons';
import type { PhotoState } from '../api/types';

export function StateBadge({ state }: { state: PhotoState }) {
  const { t } = useTranslation();
  const Icon = state === 'open' ? EyeIcon : state === 'private' ? LockIcon : ClockIcon;
  return (
    <span className={`album-badge state-${state}`} data-testid="photo-state">
      <Icon size={14} />
      {t(`album.state.${state}`)}
    </span>
  );
}
