// Turning notifications on from a button: the browser's prompt (enablePush), then what came of
// it, which the asking sheet and Settings each show in their way.
import { rememberNotNow } from './ask';
import { permissionChanged, pushPermission } from './permission';
import { enablePush } from './push';

/** On: subscribed. Blocked: refused, now or before. Later: the prompt was closed unanswered.
 * Failed: allowed, but this browser could not be subscribed (no push service reachable). */
export type TurnOnResult = 'on' | 'blocked' | 'later' | 'failed';

export async function turnOnPush(): Promise<TurnOnResult> {
  const on = await enablePush(true).catch(() => false);
  permissionChanged();
  if (on) return 'on';
  const permission = pushPermission();
  if (permission === 'denied') return 'blocked';
  if (permission === 'default') {
    // Closing the browser's prompt is a Not now too.
    rememberNotNow();
    return 'later';
  }
  return 'failed';
}
