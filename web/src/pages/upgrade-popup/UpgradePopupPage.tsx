// The app-upgrade page: the designed placeholder until it is released.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { SparkleIcon } from '../../components/icons';

export default function UpgradePopupPage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.upgradePopup')} back />
      <div className="page">
        <ComingSoon
          title={t('pages.upgradePopup')}
          description={t('pages.upgradePopupDesc')}
          icon={<SparkleIcon size={40} />}
        />
      </div>
    </>
  );
}
