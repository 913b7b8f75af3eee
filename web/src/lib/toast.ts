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
  // The same text twice in a row (parallel failing calls) shows once, and answers that toast.
  const showing = toasts.find((t) => t.text === text);
  if (showing) return showing.id;
  const id = nextId++;
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
