// What the chat's translations share: the last answer (allowance left and pack balance) and the
// prompt after a refusal. Bubbles write it, the status line and the prompt read it.
import { useSyncExternalStore } from 'react';
import type { Translation, TranslateFailure } from './api/translate-message';

export interface TranslatePrompt {
  kind: Exclude<TranslateFailure, 'failed'>;
  target: string;
}

interface State {
  last: Translation | null;
  prompt: TranslatePrompt | null;
}

let state: State = { last: null, prompt: null };
const listeners = new Set<() => void>();

function set(next: Partial<State>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export const translateStore = {
  answered: (last: Translation) => set({ last }),
  refused: (prompt: TranslatePrompt) => set({ prompt }),
  dismiss: () => set({ prompt: null }),
  reset: () => set({ last: null, prompt: null }),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTranslateState(): State {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
