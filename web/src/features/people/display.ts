// How a person is named and linked across the people pages.
import type { Card } from './api/types';

/** Routes this feature links to (SPEC section 2: no path parameters, data in the query). */
export const PROFILE_PATH = '/pages/homepage/homepage';
export const RECHARGE_PATH = '/pages/recharge/recharge';
export const CHAT_PATH = '/pages/chat/chat';
export const SETTINGS_PATH = '/pages/settings/settings';
export const DISCOVER_PATH = '/';

/** My private remark when I set one, otherwise the person's own name. */
export function displayName(card: Pick<Card, 'remark' | 'userName'>): string {
  return card.remark?.trim() || card.userName;
}

export function profileHref(userId: number): string {
  return `${PROFILE_PATH}?userId=${userId}`;
}

/** The chat page's target travels as JSON in `data`: {userId, userName, emUser, avatar, sex, unRead}. */
export function chatHref(card: Pick<Card, 'userId' | 'userName' | 'emUser' | 'avatar' | 'gender'>) {
  const target = {
    userId: card.userId,
    userName: card.userName,
    emUser: card.emUser,
    avatar: card.avatar ?? '',
    sex: card.gender,
    unRead: 0,
  };
  return `${CHAT_PATH}?data=${encodeURIComponent(JSON.stringify(target))}`;
}
