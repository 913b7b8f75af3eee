// The gift panel of the chat: every gift with its icon and price in coins (members pay less for
// cards, SPEC section 6), my coins, and Send. A gift dearer than my coins offers Recharge.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Skeleton } from '../../../components/Skeleton';
import { CrownIcon } from '../../../components/icons';
import { formatNumber } from '../../../i18n/format';
import { paths } from '../../../lib/paths';
import { useGrade } from '../api/catalogue';
import { useGifts } from '../api/gifts';
import type { Balances, Gift } from '../api/types';
import type { KeysUnder, Translate } from '../../../i18n';
import { DEFAULT_CARD_DISCOUNT_PERCENT, giftPrice, rechargeHref } from '../display';
import { CoinIcon } from './icons';
import './wallet.css';
import { isOneOf } from '../../../lib/one-of';

/** The gifts with a name in every language; another code shows as itself. */
const NAMED_GIFTS = [
  'rose',
  'coffee',
  'chocolate',
  'teddy',
  'ring',
  'love-card',
  'birthday-card',
  'thank-you-card',
] as const satisfies readonly KeysUnder<'wallet.gift'>[];

export function giftName(code: string, t: Translate): string {
  return isOneOf(NAMED_GIFTS, code) ? t(`wallet.gift.${code}`) : code;
}

export function GiftPanel({
  open,
  onClose,
  balances,
  member,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  balances: Balances | undefined;
  member: boolean;
  onSend: (gift: Gift) => void;
}) {
  const { t } = useTranslation();
  const gifts = useGifts({ enabled: open });
  const percent = useGrade('VIP').data?.cardGiftDiscountPercent ?? DEFAULT_CARD_DISCOUNT_PERCENT;
  const [selected, setSelected] = useState<Gift | null>(null);
  const [short, setShort] = useState(false);
  const coins = balances?.coins;
  const price = selected ? giftPrice(selected, member, percent) : 0;

  const close = () => {
    setSelected(null);
    setShort(false);
    onClose();
  };
  const send = () => {
    if (!selected) return;
    if (coins !== undefined && price > coins) {
      setShort(true);
      return;
    }
    onSend(selected);
    close();
  };

  return (
    <Dialog open={open} onClose={close} title={t('wallet.giftTitle')} sheet className="gift-sheet">
      <div className="gift-head">
        <span className="coin-chip" data-testid="gift-balance">
          <CoinIcon size={16} />
          {coins === undefined ? '…' : formatNumber(coins)}
        </span>
        <Link className="link-btn" to={rechargeHref('gold')}>
          {t('wallet.recharge')}
        </Link>
      </div>
      <p className={member ? 'card-discount is-member' : 'card-discount'}>
        <CrownIcon size={16} />
        <span className="grow">
          {member
            ? t('wallet.cardDiscountMember', { percent })
            : t('wallet.cardDiscountOthers', { percent })}
        </span>
        {!member && (
          <Link className="link-btn" to={paths.grade}>
            {t('wallet.upgrade')}
          </Link>
        )}
      </p>
      <ul className="gift-grid" aria-label={t('wallet.giftTitle')}>
        {gifts.data
          ? gifts.data.map((gift) => {
              const cost = giftPrice(gift, member, percent);
              const discounted = cost < gift.priceCoins;
              const name = giftName(gift.code, t);
              return (
                <li key={gift.id}>
                  <button
                    type="button"
                    className={selected?.id === gift.id ? 'gift-key selected' : 'gift-key'}
                    aria-pressed={selected?.id === gift.id}
                    data-testid="gift"
                    data-code={gift.code}
                    onClick={() => {
                      setSelected(gift);
                      setShort(false);
                    }}
                  >
                    {gift.kind === 'card' && (
                      <span className="gift-ribbon">
                        {member ? `−${percent}%` : `VIP −${percent}%`}
                      </span>
                    )}
                    <span className="gift-icon" aria-hidden="true">
                      {gift.icon}
                    </span>
                    <span className="gift-name">{name}</span>
                    <span className="gift-price">
                      <CoinIcon size={13} />
                      {discounted && <s>{formatNumber(gift.priceCoins)}</s>}
                      <span aria-hidden="true">{formatNumber(cost)}</span>
                      <span className="visually-hidden">
                        {t('wallet.coinsAmount', { count: cost, amount: formatNumber(cost) })}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })
          : [0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
              <li key={i}>
                <Skeleton height={96} style={{ borderRadius: 'var(--radius)' }} />
              </li>
            ))}
      </ul>
      {short && (
        <div className="wallet-short" role="alert" data-testid="insufficient-coins">
          <span className="grow">{t('wallet.insufficientCoins')}</span>
          <Link className="btn btn-primary btn-small" to={rechargeHref('gold')}>
            {t('wallet.recharge')}
          </Link>
        </div>
      )}
      <div className="sheet-form-actions dialog-actions wallet-send-actions">
        <Button variant="outline" onClick={close}>
          {t('common.cancel')}
        </Button>
        <Button className="grow-btn" disabled={!selected} onClick={send}>
          {selected
            ? t('wallet.sendGift', {
                name: giftName(selected.code, t),
                price: formatNumber(price),
              })
            : t('wallet.chooseGift')}
        </Button>
      </div>
    </Dialog>
  );
}
