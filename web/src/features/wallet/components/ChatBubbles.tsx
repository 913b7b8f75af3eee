// How gift and red-packet messages look in the chat. A red packet shows its blessing and state;
// the receiver taps an unclaimed one to open it.
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format';
import type { Gift, GiftContent, RedPacketContent } from '../api/types';
import { giftName } from './GiftPanel';
import { CoinIcon } from './icons';
import './wallet.css';

export function GiftBubble({
  content,
  mine,
  gifts,
}: {
  content: GiftContent;
  mine: boolean;
  /** The catalogue, for a gift of mine not stored yet (its content has only the id). */
  gifts: readonly Gift[] | undefined;
}) {
  const { t } = useTranslation();
  const known = gifts?.find((g) => g.id === content.giftId);
  const code = content.code ?? known?.code ?? '';
  const icon = content.icon ?? known?.icon ?? '🎁';
  const name = giftName(code, t);
  return (
    <div className="gift-bubble" data-testid="gift-bubble">
      <span className="gift-bubble-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="gift-bubble-text">
        <strong>
          {mine ? t('wallet.giftSent', { name }) : t('wallet.giftReceived', { name })}
        </strong>
        {content.price != null && (
          <span className="gift-bubble-price">
            <CoinIcon size={13} />
            {formatNumber(content.price)}
          </span>
        )}
      </span>
    </div>
  );
}

/** Enter and Space open the packet, and do not reach the message's own actions. */
function keepKeys(e: KeyboardEvent) {
  if (e.key === 'Enter' || e.key === ' ') e.stopPropagation();
}

export function RedPacketBubble({
  content,
  mine,
  pending,
  claimedAmount,
  onOpen,
}: {
  content: RedPacketContent;
  mine: boolean;
  pending: boolean;
  /** What this device claimed already (the update event may still be on its way). */
  claimedAmount?: number;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const state = claimedAmount !== undefined ? 'received' : (content.state ?? 'unclaimed');
  const amount = formatNumber(content.amount);
  const status =
    state === 'received'
      ? mine
        ? t('wallet.packetOpenedByThem', { amount })
        : t('wallet.packetReceived', { amount })
      : state === 'returned'
        ? mine
          ? t('wallet.packetReturnedToMe', { amount })
          : t('wallet.packetExpired')
        : mine
          ? t('wallet.packetWaiting', { amount })
          : t('wallet.packetTapToOpen');
  const canOpen = !mine && !pending && state === 'unclaimed' && content.redPacketId != null;
  const body = (
    <>
      <span className="packet-seal" aria-hidden="true">
        <CoinIcon size={20} />
      </span>
      <span className="packet-text">
        <span className="packet-blessing">{content.blessing || t('wallet.defaultBlessing')}</span>
        <span className="packet-status" data-testid="packet-status">
          {status}
        </span>
      </span>
      <span className="packet-foot">{t('wallet.redPacket')}</span>
    </>
  );
  const className = `packet-bubble state-${state}`;
  return canOpen ? (
    <button
      type="button"
      className={className}
      data-testid="red-packet"
      data-state={state}
      onClick={onOpen}
      onKeyDown={keepKeys}
    >
      {body}
    </button>
  ) : (
    <div className={className} data-testid="red-packet" data-state={state}>
      {body}
    </div>
  );
}
