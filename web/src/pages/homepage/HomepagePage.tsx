import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { HeartIcon } from '../../components/icons';

export default function HomepagePage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.homepage')} back />
      <div className="page">
        <ComingSoon
          title={t('pages.homepage')}
          description={t('pages.homepageDesc')}
          icon={<HeartIcon size={40} />}
        />
      </div>
    </>
  );
}
