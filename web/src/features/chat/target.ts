// The chat page's partner travels as JSON in its `data` query parameter (SPEC sections 2 and 3):
// {userId, userName, emUser, avatar, sex, unRead}. Also the routes chat links to.
import type { Card, ChatTarget } from './api/types';

export const CHAT_PATH = '/pages/chat/chat';
export const PROFILE_PATH = '/pages/homepage/homepage';
export const RECHARGE_PATH = '/pages/recharge/recharge';
export const DISCOVER_PATH = '/';
export const MESSAGES_PATH = '/pages/message/message';

export function parseChatTarget(raw: string | null): ChatTarget | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    const userId = Number(v.userId);
    if (!Number.isInteger(userId) || userId <= 0) return null;
    return {
      userId,
      userName: typeof v.userName === 'string' ? v.userName : '',
      emUser: typeof v.emUser === 'string' ? v.emUser : '',
      avatar: typeof v.avatar === 'string' ? v.avatar : '',
      sex: typeof v.sex === 'number' || typeof v.sex === 'string' ? v.sex : '',
      unRead: Number(v.unRead) || 0,
    };
  } catch {
    return null;
  }
}

/** The chat page's address for a person, as every list links to it. */
export function chatHref(
  card: Pick<Card, 'userId' | 'userName' | 'emUser' | 'avatar' | 'gender'>,
  unRead = 0,
) {
  const target: ChatTarget = {
    userId: card.userId,
    userName: card.userName,
    emUser: card.emUser,
    avatar: card.avatar ?? '',
    sex: card.gender,
    unRead,
  };
  return `${CHAT_PATH}?data=${encodeURIComponent(JSON.stringify(target))}`;
}

export function profileHref(userId: number): string {
  return `${PROFILE_PATH}?userId=${userId}`;
}
