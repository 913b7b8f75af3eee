// People nearby: the people who share their area, nearest first, once I share mine.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { accountKeys } from '../../features/account/api/keys';
import { NearbyView } from '../../features/people/components/NearbyView';

export default function IndexBranchPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  return (
    <>
      <AppBar title={t('nearby.title')} back />
      <div className="page">
        <NearbyView
          onShared={() => void client.invalidateQueries({ queryKey: accountKeys.info() })}
        />
      </div>
    </>
  );
}
