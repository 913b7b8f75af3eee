// Choose location: the designed placeholder until locations are released.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { GlobeIcon } from '../../components/icons';

export default function ChooseLocationPage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.chooseLocation')} back />
      <div className="page">
        <ComingSoon
          title={t('pages.chooseLocation')}
          description={t('pages.chooseLocationDesc')}
          icon={<GlobeIcon size={40} />}
        />
      </div>
    </>
  );
}
