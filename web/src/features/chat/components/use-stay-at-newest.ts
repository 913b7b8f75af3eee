// Where the chat is scrolled. It opens at the newest message and follows new ones while the
// person is at the bottom or sends them; photos loading after the messages are drawn make them
// taller, and the newest message still stays in view above the composer. Only the person
// scrolling up lets go. Older messages arriving above keep what they were reading in place.
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/** Within this distance of the bottom, the chat follows the newest message. */
const NEAR_BOTTOM_PX = 120;

export function useStayAtNewest<T extends { key: string }>({
  items,
  mine,
  typing,
  listed,
}: {
  /** The messages, oldest first. */
  items: readonly T[];
  /** Whether I sent this one (the chat follows what I send wherever I was). */
  mine: (item: T) => boolean;
  typing: boolean;
  /** The list is drawn (not the loading or error view). */
  listed: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  const lastTop = useRef(0);
  const first = useRef<string | undefined>(undefined);
  const last = useRef<string | undefined>(undefined);
  const height = useRef(0);

  const scrollToBottom = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    following.current = true;
    el.scrollTop = el.scrollHeight;
  }, []);
  const keepAtBottom = useCallback(() => {
    if (following.current) scrollToBottom();
  }, [scrollToBottom]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const firstKey = items[0]?.key;
    const lastItem = items[items.length - 1];
    const lastKey = lastItem?.key;
    if (last.current === undefined || lastKey !== last.current) {
      // New at the bottom (or the first render): follow it if the person was at the bottom or
      // sent it.
      const sentByMe = lastItem !== undefined && mine(lastItem);
      if (following.current || sentByMe || last.current === undefined) scrollToBottom();
    } else if (firstKey !== first.current) {
      // Older messages arrived above: keep what the person was reading in place.
      el.scrollTop += el.scrollHeight - height.current;
    } else if (following.current) {
      scrollToBottom();
    }
    first.current = firstKey;
    last.current = items.length ? lastKey : undefined;
    height.current = el.scrollHeight;
  }, [items, mine, scrollToBottom, typing]);

  // A photo that loads (or anything else that changes the list's height) re-pins it.
  useEffect(() => {
    const node = list.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      keepAtBottom();
      if (scroller.current) height.current = scroller.current.scrollHeight;
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [listed, keepAtBottom]);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    // Content growing below the fold moves the bottom away without anyone scrolling: only a
    // scroll upwards lets go of the newest message.
    if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX) following.current = true;
    else if (el.scrollTop < lastTop.current) following.current = false;
    lastTop.current = el.scrollTop;
  }, []);

  return { scroller, list, onScroll, keepAtBottom };
}
