// Where the place chosen goes, as the chat page says it in `data`: the partner of a one-to-one
// chat (`{"userId"}`, with whatever else the chat page carries), or a group (`{"groupId"}`).
import { parseChatTarget } from '../../features/chat/target';

export type ShareTarget = { userId: number } | { groupId: number };

export function parseShareTarget(raw: string | null): ShareTarget | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    const groupId = Number((value as Record<string, unknown> | null)?.groupId);
    if (Number.isInteger(groupId) && groupId > 0) return { groupId };
  } catch {
    return null;
  }
  const partner = parseChatTarget(raw);
  return partner ? { userId: partner.userId } : null;
}
