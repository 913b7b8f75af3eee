// Bulletin: the designed placeholder until announcements are released.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { BellIcon } from '../../components/icons';

export default function BulletinPage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.bulletin')} />
      <div className="page">
        <ComingSoon
          title={t('pages.bulletin')}
          description={t('pages.bulletinDesc')}
          icon={<BellIcon size={40} />}
        />
      </div>
    </>
  );
}
