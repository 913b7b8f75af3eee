// GET and PUT /system/content/chatLanguage: my translation language per chat partner, mirrored
// in localStorage CHAT_LANGUAGES.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../lib/api-schema';
import { api } from '../../../lib/api';
import {
  type ChatLanguageAbbr,
  chatLanguageFor,
  mirrorChatLanguages,
  readChatLanguages,
  storeChatLanguage,
} from '../chat-languages';
import { translateKeys } from './keys';

export type ChatLanguage = components['schemas']['ChatLanguage'];

export async function fetchChatLanguages(): Promise<ChatLanguage[]> {
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
      queryClient.setQueryData<ChatLanguage[]>(translateKeys.languages(), (old) => [
        ...(old ?? []).filter((e) => e.userId !== saved.userId),
        saved,
      ]);
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
