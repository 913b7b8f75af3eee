// A dynamic's detail: the designed placeholder until dynamics are released.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { FeedIcon } from '../../components/icons';

export default function DynamicDetailPage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.dynamicDetail')} back />
      <div className="page">
        <ComingSoon
          title={t('pages.dynamicDetail')}
          description={t('pages.dynamicDetailDesc')}
          icon={<FeedIcon size={40} />}
        />
      </div>
    </>
  );
}
