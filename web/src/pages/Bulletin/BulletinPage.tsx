// Bulletin: the announcements of the Amora team.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { NoticeList } from '../../features/notices/components/NoticeList';

export default function BulletinPage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.bulletin')} back />
      <div className="page">
        <NoticeList />
      </div>
    </>
  );
}
