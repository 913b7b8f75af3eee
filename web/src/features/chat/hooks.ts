// React's view of the chat connection: its state, the unsent messages and the typing indicator.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { ChatConnection, ConnectionSnapshot } from './connection';
import type { OutboxEntry } from './outbox';
import { chatConnection } from './runtime';

export function useChatConnection(): ChatConnection {
  return chatConnection(useQueryClient());
}

export function useConnectionState(): ConnectionSnapshot {
  const connection = useChatConnection();
  return useSyncExternalStore(connection.subscribe, connection.getSnapshot);
}

export function useOutbox(peer: number): readonly OutboxEntry[] {
  const { outbox } = useChatConnection();
  const get = useCallback(() => outbox.forPeer(peer), [outbox, peer]);
  return useSyncExternalStore(outbox.subscribe, get);
}

export function useGroupOutbox(groupId: number): readonly OutboxEntry[] {
  const { outbox } = useChatConnection();
  const get = useCallback(() => outbox.forGroup(groupId), [outbox, groupId]);
  return useSyncExternalStore(outbox.subscribe, get);
}

export function useIsTyping(peer: number): boolean {
  const connection = useChatConnection();
  const get = useCallback(() => connection.isTyping(peer), [connection, peer]);
  return useSyncExternalStore(connection.subscribeTyping, get);
}
