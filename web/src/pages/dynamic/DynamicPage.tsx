// Dynamics: the designed placeholder until dynamics are released.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { FeedIcon } from '../../components/icons';

export default function DynamicPage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.dynamic')} />
      <div className="page">
        <ComingSoon
          title={t('pages.dynamic')}
          description={t('pages.dynamicDesc')}
          icon={<FeedIcon size={40} />}
        />
      </div>
    </>
  );
}
