// Marking a conversation read (PUT /system/content).
import { request } from '../../../lib/request';

/** PUT /system/content?userId=X: my whole conversation with X is read; X gets a read receipt. */
export function markConversationRead(peer: number) {
  return request<null>({
    url: '/system/content',
    method: 'PUT',
    params: { userId: peer },
    silent: true,
  });
}
