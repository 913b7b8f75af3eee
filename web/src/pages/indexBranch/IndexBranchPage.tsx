// Index branch: the designed placeholder until it is released.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { CompassIcon } from '../../components/icons';

export default function IndexBranchPage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('pages.indexBranch')} back />
      <div className="page">
        <ComingSoon
          title={t('pages.indexBranch')}
          description={t('pages.indexBranchDesc')}
          icon={<CompassIcon size={40} />}
        />
      </div>
    </>
  );
}
