// The toast that told of a form's failed attempt (a wrong password, a wrong code), taken down as
// soon as it no longer holds: the person changes what they typed, a later attempt succeeds, or
// the form goes away.
import { useCallback, useEffect, useRef } from 'react';
import { ApiError } from '../../lib/request';
import { dismissToast } from '../../lib/toast';

export function useFailureToast() {
  const shown = useRef<number | null>(null);
  const clear = useCallback(() => {
    if (shown.current !== null) dismissToast(shown.current);
    shown.current = null;
  }, []);
  const failed = useCallback(
    (err: unknown) => {
      clear();
      if (err instanceof ApiError) shown.current = err.toastId;
    },
    [clear],
  );
  useEffect(() => clear, [clear]);
  return { failed, clear };
}
