// The app-upgrade page: what the update prompt says, as a page.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { UpgradeView } from '../../features/notices/components/UpgradeView';

export default function UpgradePopupPage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.upgradePopup')} back />
      <div className="page">
        <UpgradeView />
      </div>
    </>
  );
}
