import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { UsersIcon } from '../../components/icons';

export default function RecentContactPage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.recentContact')} back />
      <div className="page">
        <ComingSoon
          title={t('pages.recentContact')}
          description={t('pages.recentContactDesc')}
          icon={<UsersIcon size={40} />}
        />
      </div>
    </>
  );
}
