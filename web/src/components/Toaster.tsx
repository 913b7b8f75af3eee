// Where toasts appear (lib/toast raises them); a tap dismisses one.
import { useEffect, useState } from 'react';
import { type Toast, dismissToast, subscribeToasts } from '../lib/toast';

export function Toaster() {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  useEffect(() => subscribeToasts(setToasts), []);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.kind}`}
          data-testid="toast"
          onClick={() => dismissToast(toast.id)}
        >
          {toast.text}
        </div>
      ))}
    </div>
  );
}
