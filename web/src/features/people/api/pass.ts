// Passing on someone in Discover's card deck, and undoing it (members).
import { api } from '../../../lib/api';

/** POST /system/user/pass {userId}: Discover leaves them out for me for 30 days. */
export function passOn(userId: number) {
  return api.post('/system/user/pass', { body: { userId } });
}

/** DELETE /system/user/pass/{userId}: undoes a pass (members; others see 'Upgrade now'). */
export function undoPass(userId: number) {
  return api.delete('/system/user/pass/{userId}', { path: { userId } });
}
