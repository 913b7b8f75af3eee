// Keeps a composer above the soft keyboard (the chat's, a post's comment box): the keyboard's
// height as --keyboard-inset on the element the ref is given to, and an optional call whenever
// it changes (the chat then stays at its newest message).
import { useEffect, useRef } from 'react';

export function useKeyboardInset<T extends HTMLElement = HTMLDivElement>(onChange?: () => void) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => {
      const inset = Math.max(0, window.innerHeight - viewport.height - viewport.offsetTop);
      ref.current?.style.setProperty('--keyboard-inset', `${Math.round(inset)}px`);
      onChange?.();
    };
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    update();
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, [onChange]);
  return ref;
}
