// Download: the designed placeholder until the app download page is released.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { SparkleIcon } from '../../components/icons';

export default function DownloadPage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.download')} back />
      <div className="page">
        <ComingSoon
          title={t('pages.download')}
          description={t('pages.downloadDesc')}
          icon={<SparkleIcon size={40} />}
        />
      </div>
    </>
  );
}
