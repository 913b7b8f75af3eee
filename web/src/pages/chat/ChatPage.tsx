// The chat page: one conversation, with what the wallet and translation add to it, and the
// people feature's report.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { ChatIcon } from '../../components/icons';
import { useInfo } from '../../features/account/api/get-info';
import { useHistoryReadAgain } from '../../features/chat/api/history';
import { chatKeys } from '../../features/chat/api/keys';
import { usePeerCard } from '../../features/chat/api/peer';
import type { ChatTarget } from '../../features/chat/api/types';
import { ChatView } from '../../features/chat/components/ChatView';
import { useChatConnection } from '../../features/chat/hooks';
import { signedUrlExpired } from '../../features/chat/display';
import { parseChatTarget } from '../../features/chat/target';
import { useChatTranslate } from '../../features/translate/components/chat-translate';
import { reportPerson } from '../../features/people/api/report';
import { useChatPlaces } from '../../features/places/components/chat-places';
import { useChatVoice } from '../../features/voice/components/chat-voice';
import { useChatWallet } from '../../features/wallet/components/chat-wallet';
import { isMember } from '../../lib/membership';
import { paths } from '../../lib/paths';

/**
 * Chat with one partner, who arrives as JSON in `data` (SPEC section 2). Only the id is taken
 * from it: the name and picture come from the server, so that a link cannot put another name on
 * someone.
 */
export default function ChatPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const peerId = parseChatTarget(params.get('data'))?.userId ?? 0;
  const card = usePeerCard(peerId).data;
  const target: ChatTarget | null = peerId
    ? {
        userId: peerId,
        userName: card?.remark?.trim() || card?.userName || '',
        emUser: card?.emUser ?? '',
        avatar: card?.avatarThumb ?? card?.avatar ?? '',
        sex: card?.gender ?? '',
        // The unread count is the server's too: entering the chat marks it read and syncs it.
        unRead: 0,
      }
    : null;
  const { data: user, refetch: refetchUser } = useInfo();
  const queryClient = useQueryClient();
  const connection = useChatConnection();
  // The server refuses chats between people of the same gender, customer service excepted, when
  // its operator says so (SPEC section 5): the composer says so before anything is typed.
  const refusedForGender =
    connection.sameGenderBlocked &&
    Boolean(user?.gender && card && card.gender === user.gender && !card.service);
  // Gifts and red packets: the wallet says what to send, the chat sends it like any message.
  const wallet = useChatWallet({
    balances: user,
    member: isMember(user),
    peerName: target?.userName ?? '',
    send: (msgType, content) => {
      if (target) connection.send(target.userId, msgType, content);
    },
    onBalancesChanged: () => void refetchUser(),
  });
  // Places: the "+" menu's way to share one, and how a shared place is drawn.
  const places = useChatPlaces({ userId: peerId });
  // Voice messages: the composer's microphone, and how one is drawn.
  const voice = useChatVoice({
    member: isMember(user),
    send: (msgType, content) => {
      if (target) connection.send(target.userId, msgType, content);
    },
    // Its signed address expired: the conversation fetched again brings a fresh one.
    onExpired: (url) => {
      if (signedUrlExpired(url)) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.history(peerId) });
      }
    },
  });
  // Translation: the language picker, Translate on the partner's text, balances and prompts.
  const translate = useChatTranslate({ peer: target?.userId ?? 0, member: isMember(user) });
  // Their messages translated on arrival while the chat was closed: the server's list has them.
  useHistoryReadAgain(peerId, translate.onArrival);
  if (!target) {
    return (
      <div className="chat-page">
        <AppBar dark back={paths.message} title={t('pages.chat')} />
        <section className="center-view" role="alert">
          <ChatIcon size={40} />
          <h2>{t('chat.noPartnerTitle')}</h2>
          <p>{t('chat.noPartnerBody')}</p>
          <Link className="btn btn-primary" to={paths.message}>
            {t('nav.messages')}
          </Link>
        </section>
      </div>
    );
  }
  return (
    <ChatView
      key={target.userId}
      target={target}
      me={user?.userId ?? null}
      member={isMember(user)}
      notice={refusedForGender ? t('chat.sameGender') : undefined}
      verified={card?.verified ?? false}
      extras={{
        ...wallet,
        plusActions: [...(wallet.plusActions ?? []), ...places.plusActions],
        renderContent: (m) =>
          wallet.renderContent?.(m) ??
          places.renderContent(m) ??
          voice.renderContent(m) ??
          translate.renderContent(m),
        composerAction: voice.composerAction,
        header: translate.header,
        banner: translate.banner,
        // "Does this bother you?" reports in one tap, quoting the message.
        reportHarassment: (userId, quote) =>
          reportPerson({ userId, reason: 'harassment', content: quote.slice(0, 500) || undefined }),
        panels: (
          <>
            {wallet.panels}
            {translate.panels}
          </>
        ),
      }}
    />
  );
}
