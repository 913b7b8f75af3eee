// How a message's options are opened: a long press on a touch screen, a right-click with a
// mouse, or the context-menu key. A long press also owns the finger's release: the options open
// while the finger is still down, so lifting it must not choose what the sheet put under it.
import type { KeyboardEvent, MouseEvent, PointerEvent } from 'react';
import { useRef } from 'react';

const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;
/** How long after the finger lifts the browser's click of that release may still arrive. */
const RELEASE_CLICK_MS = 400;

/** Where on the screen the options were asked for, so they can open away from the finger. */
export interface PressPoint {
  x: number;
  y: number;
}

const RELEASE_EVENTS = ['pointerup', 'touchend', 'mousedown', 'mouseup', 'click'] as const;

/**
 * Swallows the release of the finger that held a long press, and the mouse events and click the
 * browser makes of it, until the next touch or click begins (or shortly after the release).
 */
export function ignoreRelease(target: Window = window): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    for (const type of RELEASE_EVENTS) target.removeEventListener(type, swallow, true);
    target.removeEventListener('pointercancel', released, true);
    target.removeEventListener('pointerdown', stop, true);
  };
  const released = () => {
    clearTimeout(timer);
    timer = setTimeout(stop, RELEASE_CLICK_MS);
  };
  function swallow(e: Event) {
    e.preventDefault();
    e.stopPropagation();
    if (e.type === 'pointerup' || e.type === 'touchend') released();
  }
  for (const type of RELEASE_EVENTS) {
    target.addEventListener(type, swallow, { capture: true, passive: false });
  }
  target.addEventListener('pointercancel', released, true);
  target.addEventListener('pointerdown', stop, true);
}

export function useMessageActions(onActions: ((at: PressPoint) => void) | undefined) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<PressPoint | null>(null);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  };
  if (!onActions) return {};
  return {
    tabIndex: 0,
    'aria-haspopup': 'dialog' as const,
    onPointerDown: (e: PointerEvent) => {
      if (e.pointerType === 'mouse') return;
      const at = { x: e.clientX, y: e.clientY };
      start.current = at;
      timer.current = setTimeout(() => {
        cancel();
        ignoreRelease();
        onActions(at);
      }, LONG_PRESS_MS);
    },
    onPointerMove: (e: PointerEvent) => {
      const s = start.current;
      if (s && Math.hypot(e.clientX - s.x, e.clientY - s.y) > MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onContextMenu: (e: MouseEvent) => {
      e.preventDefault();
      // A touch screen's own long press comes as a context menu while the finger is still down.
      const pressing = start.current !== null;
      cancel();
      if (pressing) ignoreRelease();
      onActions({ x: e.clientX, y: e.clientY });
    },
    onKeyDown: (e: KeyboardEvent) => {
      // Enter on something inside the message (a photo, Translate) is that thing's.
      if (e.key === 'Enter' && e.target !== e.currentTarget) return;
      if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey) || e.key === 'Enter') {
        e.preventDefault();
        const box = e.currentTarget.getBoundingClientRect();
        onActions({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
      }
    },
  };
}
