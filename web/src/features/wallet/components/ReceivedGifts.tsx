// The gifts a person received, on their profile: a row of icons with how many of each.
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format';
import { useReceivedGifts } from '../api/gifts';
import { giftName } from './GiftPanel';
import './wallet.css';

export function ReceivedGifts({ userId }: { userId?: number }) {
  const { t } = useTranslation();
  const received = useReceivedGifts(userId);
  const rows = received.data ?? [];
  if (!rows.length) return null;
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  return (
    <section className="received-gifts" aria-labelledby="received-gifts-title">
      <h3 id="received-gifts-title">
        {t('wallet.receivedGifts')}
        <span className="received-total">{formatNumber(total)}</span>
      </h3>
      <ul data-testid="received-gifts">
        {rows.map(({ gift, count }) => {
          const name = giftName(gift.code, t);
          return (
            <li key={gift.id} title={name}>
              <span className="visually-hidden">
                {t('wallet.receivedCount', { name, count, amount: formatNumber(count) })}
              </span>
              <span className="received-icon" aria-hidden="true">
                {gift.icon}
              </span>
              <span className="received-count" aria-hidden="true">
                ×{formatNumber(count)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
