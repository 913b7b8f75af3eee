// 'Upgrade now' for a non-member who tries to add photos: shown before any file picker opens.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { CrownIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';

export function UpgradeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('album.upgradeTitle')}
      className="album-upgrade"
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('album.notNow')}
          </Button>
          <Link className="btn btn-primary" to={paths.recharge} data-testid="album-upgrade-now">
            <CrownIcon size={18} />
            {t('upgrade.now')}
          </Link>
        </>
      }
    >
      <p>{t('album.upgradeBody')}</p>
    </Dialog>
  );
}
