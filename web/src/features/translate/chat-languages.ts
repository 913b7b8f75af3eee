// The translation language per chat partner, mirrored in localStorage CHAT_LANGUAGES as a list
// of {abbr, userId} (SPEC section 3). The server keeps the choice; this copy lets the chat show it
// at once and survives a reload before the server answers.
import { LANGUAGES, type LanguageAbbr } from '../../i18n/languages';
import { StorageKey, getJSON, setJSON } from '../../lib/storage';

export const DO_NOT_TRANSLATE = 'none';
export type ChatLanguageAbbr = LanguageAbbr | typeof DO_NOT_TRANSLATE;

export interface ChatLanguageEntry {
  abbr: string;
  userId: number;
}

export function isChatLanguageAbbr(value: unknown): value is ChatLanguageAbbr {
  return value === DO_NOT_TRANSLATE || LANGUAGES.some((l) => l.abbr === value);
}

function valid(entry: unknown): entry is ChatLanguageEntry {
  if (!entry || typeof entry !== 'object') return false;
  const e = entry as Partial<ChatLanguageEntry>;
  return typeof e.userId === 'number' && isChatLanguageAbbr(e.abbr);
}

/** The stored list, without anything malformed. */
export function readChatLanguages(): ChatLanguageEntry[] {
  const raw = getJSON<unknown>(StorageKey.CHAT_LANGUAGES, []);
  return Array.isArray(raw) ? raw.filter(valid).map(({ abbr, userId }) => ({ abbr, userId })) : [];
}

/** Replaces the stored list with the server's. */
export function mirrorChatLanguages(list: readonly ChatLanguageEntry[]): void {
  setJSON(
    StorageKey.CHAT_LANGUAGES,
    list.filter(valid).map(({ abbr, userId }) => ({ abbr, userId })),
  );
}

/** Stores one partner's choice, replacing an earlier one. */
export function storeChatLanguage(userId: number, abbr: ChatLanguageAbbr): void {
  const others = readChatLanguages().filter((e) => e.userId !== userId);
  setJSON(StorageKey.CHAT_LANGUAGES, [...others, { abbr, userId }]);
}

/** One partner's choice; 'none' when there is none. */
export function chatLanguageFor(
  userId: number,
  list: readonly ChatLanguageEntry[] = readChatLanguages(),
): ChatLanguageAbbr {
  const abbr = list.find((e) => e.userId === userId)?.abbr;
  return isChatLanguageAbbr(abbr) ? abbr : DO_NOT_TRANSLATE;
}
