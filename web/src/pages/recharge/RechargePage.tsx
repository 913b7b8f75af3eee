import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { CrownIcon } from '../../components/icons';

export default function RechargePage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.recharge')} back />
      <div className="page">
        <ComingSoon
          title={t('pages.recharge')}
          description={t('pages.rechargeDesc')}
          icon={<CrownIcon size={40} />}
        />
      </div>
    </>
  );
}
