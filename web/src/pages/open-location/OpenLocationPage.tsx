// Open location: the designed placeholder until locations are released.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { GlobeIcon } from '../../components/icons';

export default function OpenLocationPage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.openLocation')} back />
      <div className="page">
        <ComingSoon
          title={t('pages.openLocation')}
          description={t('pages.openLocationDesc')}
          icon={<GlobeIcon size={40} />}
        />
      </div>
    </>
  );
}
