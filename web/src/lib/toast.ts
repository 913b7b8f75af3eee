// A tiny toast queue; components/Toaster renders it.
export type ToastKind = 'info' | 'success' | 'error';
export interface Toast {
  id: number;
  text: string;
  kind: ToastKind;
}

type Listener = (toasts: readonly Toast[]) => void;
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const l of listeners) l(toasts);
}

export function showToast(text: string, kind: ToastKind = 'info', durationMs = 3500): number {
  const id = nextId++;
  // The same text twice in a row (parallel failing calls) shows once.
  if (toasts.some((t) => t.text === text)) return id;
  publish([...toasts.slice(-2), { id, text, kind }]);
  setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export function dismissToast(id: number): void {
  publish(toasts.filter((t) => t.id !== id));
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}
