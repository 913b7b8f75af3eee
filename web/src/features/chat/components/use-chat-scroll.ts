// How the chat scrolls: it stays at the newest message (use-stay-at-newest.ts), also while the
// soft keyboard opens, and loads older messages as the person scrolls up to the top.
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import type { useHistory } from '../api/history';
import type { ChatItem } from './use-chat-items';
import { useKeyboardInset } from '../../../lib/use-keyboard-inset';
import { useStayAtNewest } from './use-stay-at-newest';

type History = ReturnType<typeof useHistory>;

export function useChatScroll({
  items,
  me,
  typing,
  history,
}: {
  items: readonly ChatItem[];
  me: number | null;
  typing: boolean;
  history: History;
}) {
  const mine = useCallback(
    (item: ChatItem) => item.kind === 'outbox' || item.message.from === me,
    [me],
  );
  const { scroller, list, onScroll, keepAtBottom } = useStayAtNewest({
    items,
    mine,
    typing,
    listed: !history.isPending && !(history.isError && items.length === 0),
  });
  const page = useKeyboardInset(keepAtBottom);
  const top = useLoadOlder(scroller, history);
  return { page, scroller, list, top, onScroll, keepAtBottom };
}

/** Older messages load when the top of the list comes within 200 px of view. */
function useLoadOlder(
  scroller: RefObject<HTMLDivElement | null>,
  { hasNextPage, isFetchingNextPage, fetchNextPage }: History,
) {
  const top = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const node = top.current;
    const root = scroller.current;
    if (!node || !root || !hasNextPage || isFetchingNextPage) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [scroller, hasNextPage, isFetchingNextPage, fetchNextPage]);
  return top;
}
