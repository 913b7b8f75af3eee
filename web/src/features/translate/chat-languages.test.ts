import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageKey, getJSON, setJSON } from '../../lib/storage';
import { fetchChatLanguages, putChatLanguage } from './api/chat-language';
import {
  chatLanguageFor,
  mirrorChatLanguages,
  readChatLanguages,
  storeChatLanguage,
} from './chat-languages';

function answer(data: unknown) {
  return new Response(JSON.stringify({ code: 200, msg: 'OK', data }), { status: 200 });
}

describe('CHAT_LANGUAGES', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('is a list of {abbr, userId}, one entry per partner', () => {
    storeChatLanguage(7, 'es');
    storeChatLanguage(9, 'ja');
    storeChatLanguage(7, 'none');
    expect(getJSON(StorageKey.CHAT_LANGUAGES, null)).toEqual([
      { abbr: 'ja', userId: 9 },
      { abbr: 'none', userId: 7 },
    ]);
    expect(chatLanguageFor(9)).toBe('ja');
    expect(chatLanguageFor(7)).toBe('none');
    expect(chatLanguageFor(1)).toBe('none');
  });

  it('drops malformed entries', () => {
    setJSON(StorageKey.CHAT_LANGUAGES, [{ abbr: 'xx', userId: 1 }, { abbr: 'ru' }, 'en', null]);
    expect(readChatLanguages()).toEqual([]);
    mirrorChatLanguages([{ abbr: 'kr', userId: 3 }]);
    expect(readChatLanguages()).toEqual([{ abbr: 'kr', userId: 3 }]);
  });

  it("mirrors the server's list on GET and a partner's choice on PUT", async () => {
    storeChatLanguage(5, 'ge');
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      answer([
        { userId: 2, abbr: 'es' },
        { userId: 4, abbr: 'none' },
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    await fetchChatLanguages();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/prod-api/system/content/chatLanguage');
    expect(getJSON(StorageKey.CHAT_LANGUAGES, null)).toEqual([
      { abbr: 'es', userId: 2 },
      { abbr: 'none', userId: 4 },
    ]);

    fetchMock.mockImplementation(async () => answer({ userId: 2, abbr: 'zh-Hant' }));
    await putChatLanguage(2, 'zh-Hant');
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(String(url)).toBe('/prod-api/system/content/chatLanguage?userId=2&abbr=zh-Hant');
    expect(init?.method).toBe('PUT');
    expect(readChatLanguages()).toEqual([
      { abbr: 'none', userId: 4 },
      { abbr: 'zh-Hant', userId: 2 },
    ]);
  });
});
