// Album: the designed placeholder until albums are released.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { PullToRefresh } from '../../components/PullToRefresh';
import { CameraIcon } from '../../components/icons';

export default function AlbumPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <>
      <AppBar title={t('pages.album')} back />
      <PullToRefresh onRefresh={() => queryClient.invalidateQueries()}>
        <div className="page">
          <ComingSoon
            title={t('pages.album')}
            description={t('pages.albumDesc')}
            icon={<CameraIcon size={40} />}
          />
        </div>
      </PullToRefresh>
    </>
  );
}
