// Moments when asking to turn on notifications makes sense: the person's first match and the
// first message they send. The features where they happen say so here; the notify feature
// decides whether to ask (features never import each other).
export type PushMoment = 'match' | 'messageSent';

type Listener = (moment: PushMoment) => void;
const listeners = new Set<Listener>();

export function notePushMoment(moment: PushMoment): void {
  for (const l of listeners) l(moment);
}

export function onPushMoment(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
