// A group's chat, on the one-to-one chat's frame: the page's header, the group's messages and
// system lines loaded backwards, each member's name above their messages, "Read by N" under mine,
// and the composer, which sends to the group; once the group has ended (or I am no longer in it)
// a note takes the composer's place.
import { type ReactNode, useEffect } from 'react';
import { useGroupHistory } from '../api/history';
import type { Message } from '../api/types';
import type { ChatExtras } from '../extras';
import { useChatConnection, useGroupOutbox } from '../hooks';
import { ChatFrame } from './ChatFrame';
import type { GroupDisplay } from './MessageList';

export function GroupChatView({
  groupId,
  name,
  lastSeq,
  me,
  member,
  header,
  display,
  closed,
  reading = true,
  extras = {},
  onReportMessage,
}: {
  groupId: number;
  /** The group's name. */
  name: string;
  /** The group's newest event as the group's details say (read up to it on opening). */
  lastSeq: number;
  me: number | null;
  member: boolean;
  /** The bar at the top (the page's: the group, and its members). */
  header: ReactNode;
  display: GroupDisplay;
  /** Said in place of the composer: the group has ended, or I am no longer in it. */
  closed?: string;
  /** Whether what I see here is read (not once I am no longer in the group: nothing is mine). */
  reading?: boolean;
  extras?: Pick<
    ChatExtras,
    'renderContent' | 'plusActions' | 'composerAction' | 'banner' | 'panels' | 'suggest'
  >;
  /** "Report" in the options of someone else's message (the page opens the report). */
  onReportMessage?: (message: Message) => void;
}) {
  const connection = useChatConnection();
  const history = useGroupHistory(groupId);
  const outbox = useGroupOutbox(groupId);

  useEffect(() => {
    if (!reading) return;
    connection.enterGroup(groupId, lastSeq);
    return () => connection.leaveGroup(groupId);
  }, [connection, groupId, lastSeq, reading]);

  return (
    <ChatFrame
      history={history}
      outbox={outbox}
      me={me}
      member={member}
      name={name}
      typing={false}
      header={header}
      group={display}
      peer={0}
      groupId={groupId}
      closed={closed}
      extras={extras}
      send={(msgType, content, options) =>
        connection.sendToGroup(groupId, msgType, content, options)
      }
      onTyping={() => undefined}
      onImageExpired={() => void history.refetch()}
      onReportMessage={onReportMessage}
    />
  );
}
