// A moderation queue driven from the keyboard: items carry `data-queue-item`, one of them is in
// the tab order at a time (roving tab stop), Enter on it follows its first link, and a decided
// item's place goes to the next one.
import { type FocusEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type KeyLike, afterLeaving, movedIndex, queueKey } from '../queue-keys';

const ITEM = '[data-queue-item]';

export function useQueue({
  keys,
  onLetter,
}: {
  /** Item keys in the order shown. */
  keys: readonly string[];
  onLetter: (letter: string, key: string) => void;
}) {
  const root = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const leaving = useRef<{ key: string; index: number } | null>(null);

  const items = useCallback(
    () => [...(root.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])],
    [],
  );
  const focusAt = useCallback(
    (index: number) => {
      const el = items()[index];
      if (el) {
        el.focus();
        el.scrollIntoView?.({ block: 'nearest' });
      } else {
        root.current?.querySelector<HTMLElement>('[data-queue-empty]')?.focus();
      }
    },
    [items],
  );

  const tabStop = current !== null && keys.includes(current) ? current : (keys[0] ?? null);

  // A decided item has gone from the list: its place (or the last one) takes focus.
  useLayoutEffect(() => {
    const gone = leaving.current;
    if (!gone || keys.includes(gone.key)) return;
    leaving.current = null;
    const index = afterLeaving(gone.index, keys.length);
    setCurrent(keys[index] ?? null);
    focusAt(index);
  }, [keys, focusAt]);

  const letters = ['a', 'r', 'd'];
  const onKeyDown = (e: KeyLike & { preventDefault: () => void }) => {
    // Enter on an item's own box opens it: its first link.
    const target = e.target as HTMLElement;
    if (e.key === 'Enter' && target.matches(ITEM)) {
      e.preventDefault();
      target.querySelector<HTMLElement>('a[href]')?.click();
      return;
    }
    const asked = queueKey(e, letters);
    if (!asked) return;
    const list = items();
    const here = list.findIndex((el) => el.contains(e.target as Node));
    if ('move' in asked) {
      e.preventDefault();
      focusAt(movedIndex(asked.move, here, list.length));
      return;
    }
    const key = list[here]?.dataset.queueItem;
    if (!key) return;
    e.preventDefault();
    onLetter(asked.letter, key);
  };

  // Keys pressed with nothing focused (after a click on the page, say) are the queue's too: j
  // focuses the first item, and Enter then opens it.
  const latest = useRef(onKeyDown);
  useLayoutEffect(() => {
    latest.current = onKeyDown;
  });
  useEffect(() => {
    const onPage = (e: globalThis.KeyboardEvent) => {
      if (
        e.defaultPrevented ||
        (e.target !== document.body && e.target !== document.documentElement)
      )
        return;
      latest.current(e);
    };
    document.addEventListener('keydown', onPage);
    return () => document.removeEventListener('keydown', onPage);
  }, []);

  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const item = (e.target as HTMLElement).closest<HTMLElement>(ITEM);
    if (item?.dataset.queueItem) setCurrent(item.dataset.queueItem);
  };

  /** Props of one item's focusable box. */
  const itemProps = (key: string) => ({
    'data-queue-item': key,
    tabIndex: key === tabStop ? 0 : -1,
  });

  /** Call as a decision on an item is sent: once it has left the list, focus moves on. */
  const deciding = (key: string) => {
    const index = keys.indexOf(key);
    if (index >= 0) leaving.current = { key, index };
  };
  /** The decision failed: the item stays, and so does focus. */
  const failed = () => {
    leaving.current = null;
  };

  return { rootProps: { ref: root, onKeyDown, onFocus }, itemProps, deciding, failed };
}
