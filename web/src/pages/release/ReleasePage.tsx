// Release (posting a dynamic): the designed placeholder until dynamics are released.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { CameraIcon } from '../../components/icons';

export default function ReleasePage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.release')} back />
      <div className="page">
        <ComingSoon
          title={t('pages.release')}
          description={t('pages.releaseDesc')}
          icon={<CameraIcon size={40} />}
        />
      </div>
    </>
  );
}
