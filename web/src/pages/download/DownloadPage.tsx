// Download: this app's version, how to install the web app (the browser's offer on Android and
// computers, Share then Add to Home Screen on iPhone and iPad) and the released versions.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { InstallCard } from '../../features/install/components/InstallCard';
import { DownloadView } from '../../features/notices/components/DownloadView';

export default function DownloadPage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.download')} back />
      <div className="page">
        <DownloadView install={<InstallCard />} />
      </div>
    </>
  );
}
