// Conversations with people and other kinds (groups) in one list, newest first.
import type { ReactNode } from 'react';
import type { Conversation } from './api/types';

/** Another kind of conversation listed among these (a group): placed by when it last moved. */
export interface OtherConversation {
  key: string;
  /** When its last message was sent. */
  at: string;
  row: ReactNode;
}

export type Listed = { key: string; at: string } & (
  { conversation: Conversation; row?: undefined } | { conversation?: undefined; row: ReactNode }
);

/** Newest first; another kind older than the last conversation loaded waits for its page. */
export function mixed(
  conversations: readonly Conversation[],
  others: readonly OtherConversation[],
  complete: boolean,
): Listed[] {
  const listed: Listed[] = conversations.map((c) => ({
    key: `p${c.peer.userId}`,
    at: c.lastMessage.createdAt,
    conversation: c,
  }));
  const time = (at: string) => new Date(at).getTime() || 0;
  const oldest = time(listed[listed.length - 1]?.at ?? '');
  const shown = others.filter((o) => complete || time(o.at) >= oldest);
  if (shown.length === 0) return listed;
  return [...listed, ...shown].sort((a, b) => time(b.at) - time(a.at));
}
