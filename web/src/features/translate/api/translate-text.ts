// POST /system/content/tranText: a text I read outside the chat (a dynamic, a comment, a person's
// About me) translated for me, charged in characters like a message (reading again is free).
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../lib/api-schema';
import { api } from '../../../lib/api';
import { translateKeys } from './keys';

export type TextTranslation = components['schemas']['TextTranslation'];
export type TextKind = components['schemas']['TextKind'];

export function translateText(
  kind: TextKind,
  id: number,
  target: string,
): Promise<TextTranslation> {
  return api.post('/system/content/tranText', { query: { kind, id, target }, silent: true });
}

/**
 * The translation of one text into `target`, asked for once `asked` is true. Keyed by the text
 * as well: an edited text is a new one.
 */
export function useTextTranslation({
  kind,
  id,
  text,
  target,
  asked,
}: {
  kind: TextKind;
  id: number;
  text: string;
  target: string;
  asked: boolean;
}) {
  return useQuery({
    queryKey: translateKeys.text(kind, id, target, text),
    queryFn: () => translateText(kind, id, target),
    enabled: asked,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
