// The chat page's partner travels as JSON in its `data` query parameter (SPEC sections 2 and 3):
// {userId, userName, emUser, avatar, sex, unRead}. The address is built by `chatHref` in lib/paths.
import type { ChatTarget } from './api/types';

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
