// Query-key factory of the chat domain: every key starts with ['chat'].
export const chatKeys = {
  all: ['chat'] as const,
  conversations: () => [...chatKeys.all, 'conversations'] as const,
  histories: () => [...chatKeys.all, 'history'] as const,
  history: (peer: number) => [...chatKeys.histories(), peer] as const,
  /** A group chat's messages and system lines. */
  groupHistory: (groupId: number) => [...chatKeys.all, 'group', groupId] as const,
  unread: () => [...chatKeys.all, 'unread'] as const,
  emoji: () => [...chatKeys.all, 'emoji'] as const,
  peer: (userId: number) => [...chatKeys.all, 'peer', userId] as const,
};
