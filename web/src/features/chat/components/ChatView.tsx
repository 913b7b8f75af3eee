// The chat with one person (SPEC section 2, on a dark background): the partner in the header,
// the history loaded backwards as the person scrolls up, the messages still being sent, the
// photos in the photo viewer, and the composer, which stays above the soft keyboard. A
// message the server asks about ("Are you sure?") goes back to the composer while a dialog asks.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { notePushMoment } from '../../../lib/push-moments';
import type { ConversationsData } from '../api/conversations';
import { useHistory } from '../api/history';
import { chatKeys } from '../api/keys';
import type { ChatTarget } from '../api/types';
import { signedUrlExpired } from '../display';
import { textOf } from '../../../lib/message-view';
import type { ChatExtras } from '../extras';
import { useChatConnection, useIsTyping, useOutbox } from '../hooks';
import { ChatFrame } from './ChatFrame';
import { ChatHeader } from './ChatHeader';

export function ChatView({
  target,
  me,
  member,
  notice,
  verified = false,
  extras = {},
}: {
  target: ChatTarget;
  /** The partner's photos are verified (the badge beside their name). */
  verified?: boolean;
  me: number | null;
  member: boolean;
  /** Said above the composer before anything is sent: what the server will refuse. */
  notice?: string;
  /** What another feature adds (see extras.ts). */
  extras?: ChatExtras;
}) {
  const queryClient = useQueryClient();
  const connection = useChatConnection();
  const peer = target.userId;
  const history = useHistory(peer);
  const outbox = useOutbox(peer);
  const typing = useIsTyping(peer);

  // My private remark for the person, when the conversation list knows it.
  const name = useMemo(() => {
    const list = queryClient.getQueryData<ConversationsData>(chatKeys.conversations());
    const card = list?.pages.flatMap((p) => p.rows).find((c) => c.peer.userId === peer)?.peer;
    return card?.remark?.trim() || target.userName || card?.userName || '';
  }, [queryClient, peer, target.userName]);

  // Image URLs are signed for a while only: the conversation fetched again brings fresh ones.
  const refreshImages = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: chatKeys.history(peer) }),
    [queryClient, peer],
  );

  useEffect(() => {
    connection.enterChat(peer, target.unRead);
    return () => connection.leaveChat(peer);
  }, [connection, peer, target.unRead]);

  const { reportHarassment } = extras;

  return (
    <ChatFrame
      history={history}
      outbox={outbox}
      me={me}
      member={member}
      name={name}
      typing={typing}
      header={
        <ChatHeader
          target={target}
          name={name}
          verified={verified}
          typing={typing}
          end={extras.header}
        />
      }
      peer={peer}
      notice={notice}
      extras={extras}
      send={(msgType, content, options) => connection.send(peer, msgType, content, options)}
      onSent={() => notePushMoment('messageSent')}
      onTyping={() => connection.sendTyping(peer)}
      onImageExpired={refreshImages}
      onPhotoError={(src) => {
        if (signedUrlExpired(src)) refreshImages();
      }}
      onReport={
        reportHarassment ? (message) => reportHarassment(peer, textOf(message.content)) : undefined
      }
    />
  );
}
