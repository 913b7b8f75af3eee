import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { CrownIcon } from '../../components/icons';

export default function GradePage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.grade')} />
      <div className="page">
        <ComingSoon
          title={t('pages.grade')}
          description={t('pages.gradeDesc')}
          icon={<CrownIcon size={40} />}
        />
      </div>
    </>
  );
}
