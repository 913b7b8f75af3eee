// One voice message plays at a time in a chat, and when one ends the next one below it plays
// after it (a conversation's voice messages are listened to in a row). Each bubble says here
// that it is on the page, that it started and that it ended.

/** A voice message on the page, as its bubble plays it. */
export interface Playable {
  /** Where it is in the chat (for what comes after it). */
  element: HTMLElement;
  play(): void;
  pause(): void;
}

const onPage = new Set<Playable>();
let playing: Playable | null = null;

/** A bubble on the page; the function it answers takes it off. */
export function register(playable: Playable): () => void {
  onPage.add(playable);
  return () => {
    onPage.delete(playable);
    if (playing === playable) playing = null;
  };
}

/** A bubble started playing: any other one stops. */
export function started(playable: Playable): void {
  if (playing && playing !== playable) playing.pause();
  playing = playable;
}

/** A bubble was paused by its listener. */
export function paused(playable: Playable): void {
  if (playing === playable) playing = null;
}

/** A bubble played to its end: the next voice message below it plays. */
export function ended(playable: Playable): Playable | null {
  if (playing === playable) playing = null;
  const next = nextAfter(playable);
  next?.play();
  return next;
}

/** The first voice message after `playable` in the page's order. */
export function nextAfter(playable: Playable): Playable | null {
  let next: Playable | null = null;
  for (const other of onPage) {
    if (other === playable || !other.element.isConnected) continue;
    const after =
      playable.element.compareDocumentPosition(other.element) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (!after) continue;
    const closer =
      next === null ||
      Boolean(
        other.element.compareDocumentPosition(next.element) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
    if (closer) next = other;
  }
  return next;
}
