// Marking a conversation read (PUT /system/content).
import { api } from '../../../lib/api';

/** PUT /system/content?userId=X: my whole conversation with X is read; X gets a read receipt. */
export function markConversationRead(peer: number) {
  return api.put('/system/content', { query: { userId: peer }, silent: true });
}
