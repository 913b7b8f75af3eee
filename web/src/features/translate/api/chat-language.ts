// GET and PUT /system/content/chatLanguage: my translation language per chat partner, mirrored
// in localStorage CHAT_LANGUAGES; and, for one partner, how their language reaches each language
// (Apertium, LibreTranslate, through English, or not at all).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { components } from '../../../lib/api-schema';
import { api } from '../../../lib/api';
import {
  type ChatLanguageAbbr,
  type ChatLanguageEntry,
  chatLanguageFor,
  mirrorChatLanguages,
  readChatLanguages,
  storeChatLanguage,
} from '../chat-languages';
import { translateKeys } from './keys';

export type ChatLanguage = components['schemas']['ChatLanguage'];

export async function fetchChatLanguages(): Promise<ChatLanguageEntry[]> {
  const list = await api.get('/system/content/chatLanguage', { silent: true });
  mirrorChatLanguages(list);
  return list;
}

export async function putChatLanguage(userId: number, abbr: ChatLanguageAbbr) {
  const saved = await api.put('/system/content/chatLanguage', { query: { userId, abbr } });
  storeChatLanguage(saved.userId, saved.abbr as ChatLanguageAbbr);
  return saved;
}

/** The language I read this partner in ('none': do not translate). */
export function useChatLanguage(peer: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: translateKeys.languages(),
    queryFn: fetchChatLanguages,
    placeholderData: readChatLanguages,
    staleTime: 60_000,
  });
  const mutation = useMutation({
    mutationFn: (abbr: ChatLanguageAbbr) => putChatLanguage(peer, abbr),
    onSuccess: (saved) => {
      queryClient.setQueryData<ChatLanguageEntry[]>(translateKeys.languages(), (old) => [
        ...(old ?? []).filter((e) => e.userId !== saved.userId),
        saved,
      ]);
      queryClient.setQueryData<ChatLanguage | null>(translateKeys.partner(saved.userId), saved);
    },
  });
  const abbr = mutation.isPending
    ? mutation.variables
    : chatLanguageFor(peer, query.data ?? readChatLanguages());
  return {
    abbr,
    set: (next: ChatLanguageAbbr) => mutation.mutate(next),
    saving: mutation.isPending,
  };
}

/** One partner's entry, with the routes from their language (answered for any partner). */
export async function fetchPartnerLanguage(peer: number): Promise<ChatLanguage | null> {
  const list = await api.get('/system/content/chatLanguage', {
    query: { userId: peer },
    silent: true,
  });
  return list.find((e) => e.userId === peer) ?? null;
}

/** How this partner's language reaches each language now; undefined until the server says. */
export function usePartnerRoutes(peer: number): ChatLanguage | null | undefined {
  const query = useQuery({
    queryKey: translateKeys.partner(peer),
    queryFn: () => fetchPartnerLanguage(peer),
    enabled: peer > 0,
    staleTime: 60_000,
    retry: false,
  });
  return query.data;
}

export function putOnArrival(userId: number, on: boolean): Promise<ChatLanguage> {
  return api.put('/system/content/translateOnArrival', { query: { userId, on } });
}

/** Whether this partner's new messages are translated by the server as they arrive. */
export function useOnArrival(peer: number) {
  const queryClient = useQueryClient();
  const partner = usePartnerRoutes(peer);
  // What was just asked for, shown from the click on (the switch is controlled).
  const [asked, setAsked] = useState<boolean | null>(null);
  const mutation = useMutation({
    mutationFn: (on: boolean) => putOnArrival(peer, on),
    onSuccess: (saved) => {
      queryClient.setQueryData<ChatLanguage | null>(translateKeys.partner(peer), saved);
    },
    onSettled: () => setAsked(null),
  });
  return {
    on: asked ?? partner?.onArrival ?? false,
    set: (next: boolean) => {
      setAsked(next);
      mutation.mutate(next);
    },
    saving: mutation.isPending,
    known: partner != null,
    failed: mutation.isError,
  };
}
