// Help from the settings: customer service (members reach it directly) and the safety tips.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ShieldIcon } from '../../components/icons';
import { CustomerServiceCard } from '../../features/people/components/CustomerServiceCard';
import { paths } from '../../lib/paths';

export function SupportDialog({
  open,
  onClose,
  member,
}: {
  open: boolean;
  onClose: () => void;
  member: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('nav.help')}
      actions={
        <Button variant="outline" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <CustomerServiceCard member={member} />
      <p className="support-safety">
        <ShieldIcon size={18} />
        <Link to={paths.safety}>{t('safety.title')}</Link>
      </p>
    </Dialog>
  );
}
