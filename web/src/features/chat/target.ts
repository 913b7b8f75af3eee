// The chat page's partner arrives as JSON in the `data` query parameter (SPEC section 2).
export interface ChatTarget {
  userId: number;
  userName: string;
  emUser: string;
  avatar: string;
  sex: string | number;
  unRead: number;
}

export function parseChatTarget(raw: string | null): ChatTarget | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    const userId = Number(v.userId);
    if (!Number.isFinite(userId)) return null;
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
