// The keys of the moderation queues: j / k or the arrows move between items, a letter decides
// the focused one (a approve, r reject, d dismiss). Keys typed into a field, with a modifier, or
// inside a dialog are left alone.

export type QueueMove = 'next' | 'previous' | 'first' | 'last';

export interface KeyLike {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}

const MOVES: Record<string, QueueMove> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
};

/** Whether a key press belongs to what it was typed in rather than to the queue. */
function typedElsewhere(e: KeyLike): boolean {
  if (e.altKey || e.ctrlKey || e.metaKey) return true;
  const el = e.target;
  if (!(el instanceof Element)) return false;
  if (el.closest('dialog')) return true;
  return el.matches('input, textarea, select, [contenteditable=""], [contenteditable="true"]');
}

/** What a key press asks of the queue: a move, a decision letter, or nothing. */
export function queueKey(
  e: KeyLike,
  letters: readonly string[],
): { move: QueueMove } | { letter: string } | null {
  if (typedElsewhere(e)) return null;
  const move = MOVES[e.key];
  if (move) return { move };
  const letter = e.key.length === 1 ? e.key.toLowerCase() : '';
  return letters.includes(letter) ? { letter } : null;
}

/** The index a move lands on among `count` items, from `at` (-1: none focused yet). */
export function movedIndex(move: QueueMove, at: number, count: number): number {
  if (count === 0) return -1;
  switch (move) {
    case 'first':
      return 0;
    case 'last':
      return count - 1;
    case 'next':
      return at < 0 ? 0 : Math.min(at + 1, count - 1);
    case 'previous':
      return at < 0 ? 0 : Math.max(at - 1, 0);
  }
}

/** Where focus goes once the item at `index` has left a list now `count` long. */
export function afterLeaving(index: number, count: number): number {
  if (count === 0) return -1;
  return Math.min(Math.max(index, 0), count - 1);
}
