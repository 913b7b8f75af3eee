// What the wallet adds to a chat, for the chat page to hand to the chat view: the "+" menu's Gift
// and Red packet, how those messages are drawn, the way to recharge after a refusal, and the
// panels. The chat itself sends them (the wallet only says what), so they travel like any message.
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MessageView, RefusedSend } from '../../../lib/message-view';
import { useGifts } from '../api/gifts';
import type { Balances, GiftContent, RedPacketContent } from '../api/types';
import { rechargeHref } from '../display';
import { GiftBubble, RedPacketBubble } from './ChatBubbles';
import { GiftPanel } from './GiftPanel';
import { RedPacketComposer } from './RedPacketComposer';
import { RedPacketDialog } from './RedPacketDialog';
import { GiftIcon, RedPacketIcon } from './icons';

export type WalletMessageType = 'gift' | 'redPacket';

function isWalletMessage(type: string): type is WalletMessageType {
  return type === 'gift' || type === 'redPacket';
}

export function useChatWallet({
  balances,
  member,
  peerName,
  send,
  onBalancesChanged,
}: {
  balances: Balances | undefined;
  member: boolean;
  peerName: string;
  send: (msgType: WalletMessageType, content: Record<string, unknown>) => void;
  onBalancesChanged: () => void;
}) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<'gift' | 'redPacket' | null>(null);
  const [opening, setOpening] = useState<RedPacketContent | null>(null);
  const [claimed, setClaimed] = useState<ReadonlyMap<number, number>>(new Map());
  const gifts = useGifts().data;

  const openPanel = (which: 'gift' | 'redPacket') => {
    // The coins shown where they are spent are fresh ones.
    onBalancesChanged();
    setPanel(which);
  };

  const plusActions = [
    {
      label: (
        <>
          <GiftIcon size={20} />
          {t('wallet.gifts')}
        </>
      ),
      onSelect: () => openPanel('gift'),
    },
    {
      label: (
        <>
          <RedPacketIcon size={20} />
          {t('wallet.redPacket')}
        </>
      ),
      onSelect: () => openPanel('redPacket'),
    },
  ];

  const renderContent = (message: MessageView): ReactNode | undefined => {
    const content = message.content;
    if (!content) return undefined;
    if (message.type === 'gift' && typeof content.giftId === 'number') {
      return (
        <GiftBubble content={content as unknown as GiftContent} mine={message.mine} gifts={gifts} />
      );
    }
    if (message.type === 'redPacket' && typeof content.amount === 'number') {
      const packet = content as unknown as RedPacketContent;
      const id = packet.redPacketId;
      return (
        <RedPacketBubble
          content={packet}
          mine={message.mine}
          pending={message.pending}
          claimedAmount={id == null ? undefined : claimed.get(id)}
          onOpen={() => setOpening(packet)}
        />
      );
    }
    return undefined;
  };

  /** 'Insufficient coins, please recharge!' (a 400 on a gift or red packet, `data.recharge`)
   * offers Recharge on the tab that buys what was missing. */
  const refusalAction = (entry: RefusedSend): ReactNode => {
    const tab = isWalletMessage(entry.msgType) ? entry.error?.recharge : null;
    return tab ? (
      <Link className="btn btn-primary btn-small" to={rechargeHref(tab)}>
        {t('wallet.recharge')}
      </Link>
    ) : null;
  };

  const panels = (
    <>
      <GiftPanel
        open={panel === 'gift'}
        onClose={() => setPanel(null)}
        balances={balances}
        member={member}
        onSend={(gift) => send('gift', { giftId: gift.id })}
      />
      <RedPacketComposer
        open={panel === 'redPacket'}
        onClose={() => setPanel(null)}
        balances={balances}
        onSend={(draft) => send('redPacket', { ...draft })}
      />
      <RedPacketDialog
        packet={opening}
        senderName={peerName}
        onClose={() => setOpening(null)}
        onClaimed={(id, amount) => {
          setClaimed((known) => new Map(known).set(id, amount));
          onBalancesChanged();
        }}
      />
    </>
  );

  return { plusActions, renderContent, refusalAction, panels };
}
