// Help & Support: the customer-service contact card.
import './people.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { Skeleton } from '../../../components/Skeleton';
import { ChatIcon, CrownIcon } from '../../../components/icons';
import { chatHref } from '../../../lib/paths';
import { useCustomerService } from '../api/customer-service';

/**
 * Help&Support: the customer-service contact with a Message button. Members are served by the
 * exclusive concierge (SPEC section 6).
 */
export function CustomerServiceCard({ member }: { member: boolean }) {
  const { t } = useTranslation();
  const service = useCustomerService();
  const card = service.data;
  if (!card) {
    return (
      <div className="support-card" aria-busy={service.isPending}>
        {service.isError ? (
          <Button variant="secondary" onClick={() => void service.refetch()}>
            {t('common.retry')}
          </Button>
        ) : (
          <>
            <Skeleton width={72} height={72} round />
            <Skeleton width="50%" height={18} />
            <Skeleton width="80%" height={14} />
          </>
        )}
      </div>
    );
  }
  return (
    <div className="support-card" data-testid="support-card">
      <Avatar src={card.avatarThumb ?? card.avatar} name={card.userName} size={72} />
      <h2>{card.userName}</h2>
      {member && (
        <span className="badge badge-accent">
          <CrownIcon size={14} />
          {t('support.concierge')}
        </span>
      )}
      <p className="muted">{t('support.body')}</p>
      <Link className="btn btn-primary btn-block" to={chatHref(card)}>
        <ChatIcon />
        {t('people.message')}
      </Link>
    </div>
  );
}
