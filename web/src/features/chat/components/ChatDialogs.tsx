// The dialogs every chat has: "Upgrade now" for what members only may send, and "Are you sure?"
// for a message the server says may hurt.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { paths } from '../../../lib/paths';

export function UpgradeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('chat.upgradeTitle')}
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Link className="btn btn-primary" to={paths.recharge}>
            {t('chat.upgradeNow')}
          </Link>
        </>
      }
    >
      <p>{t('chat.upgradeBody')}</p>
    </Dialog>
  );
}

export function HarshAskDialog({
  open,
  onEdit,
  onSendAnyway,
}: {
  open: boolean;
  onEdit: () => void;
  onSendAnyway: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onEdit}
      title={t('chat.harsh.askTitle')}
      className="harsh-dialog"
      actions={
        <>
          <Button variant="outline" onClick={onEdit}>
            {t('chat.harsh.edit')}
          </Button>
          <Button variant="danger" onClick={onSendAnyway}>
            {t('chat.harsh.sendAnyway')}
          </Button>
        </>
      }
    >
      <p>{t('chat.harsh.askBody')}</p>
    </Dialog>
  );
}
