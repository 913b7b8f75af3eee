// Typing indicators: who is typing to me (shown until 5 s after their last signal or until their
// message comes), and telling a person that I am typing, at most every 3 s.
import type { ClientFrame } from './frames';

export const TYPING_SHOWN_MS = 5_000;
export const TYPING_THROTTLE_MS = 3_000;

export class Typing {
  /** The people typing to me, each with the time-out that hides them. */
  private shown = new Map<number, ReturnType<typeof setTimeout>>();
  /** When I last told each person that I am typing. */
  private told = new Map<number, number>();
  private listeners = new Set<() => void>();

  constructor(private readonly send: (frame: ClientFrame) => boolean) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  isTyping(peer: number): boolean {
    return this.shown.has(peer);
  }

  /** A typing signal from `from`. */
  started(from: number): void {
    const old = this.shown.get(from);
    if (old) clearTimeout(old);
    this.shown.set(
      from,
      setTimeout(() => this.stopped(from), TYPING_SHOWN_MS),
    );
    if (!old) this.changed();
  }

  /** `from` stopped typing: their message came, or their signals did not. */
  stopped(from: number): void {
    const timer = this.shown.get(from);
    if (!timer) return;
    clearTimeout(timer);
    this.shown.delete(from);
    this.changed();
  }

  /** Nobody shows as typing. */
  clear(): void {
    for (const peer of this.shown.keys()) this.stopped(peer);
  }

  /** Tells `to` that I am typing, unless I told them less than 3 s ago. */
  tell(to: number): void {
    const now = Date.now();
    if (now - (this.told.get(to) ?? 0) < TYPING_THROTTLE_MS) return;
    if (this.send({ type: 'typing', to })) this.told.set(to, now);
  }

  /** I sent `to` a message: what I type next is new typing, worth telling at once. */
  sent(to: number): void {
    this.told.delete(to);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}
