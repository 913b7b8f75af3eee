// Download: this app's version, the released versions and how to install the web app.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { DownloadView } from '../../features/notices/components/DownloadView';

export default function DownloadPage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.download')} back />
      <div className="page">
        <DownloadView />
      </div>
    </>
  );
}
