// POST /system/content/tranMsg: one message translated for me, charged in characters from
// today's member allowance, then the character pack (reading a stored translation is free).
import type { components } from '../../../lib/api-schema';
import { api } from '../../../lib/api';
import { ApiError, rechargeNeeded } from '../../../lib/request';

export type Translation = components['schemas']['Translation'];

/** `group`: the message is one of this group's. */
export function translateMessage(id: number, target: string, group?: number): Promise<Translation> {
  return api.post('/system/content/tranMsg', {
    query: { id, target, groupId: group },
    silent: true,
  });
}

/** The server's 'Translation is not available for this language' in each interface language. */
const UNAVAILABLE = [
  'Translation is not available for this language',
  '暂不支持翻译该语言',
  '暫不支援翻譯該語言',
  'この言語の翻訳はご利用いただけません',
  'La traducción no está disponible para este idioma',
  '이 언어는 번역할 수 없습니다',
  'Für diese Sprache ist keine Übersetzung verfügbar',
  'Перевод для этого языка недоступен',
];

export type TranslateFailure = 'insufficient' | 'unavailable' | 'failed';

export function classifyTranslateError(err: unknown): TranslateFailure {
  if (err instanceof ApiError && err.code === 400) {
    const msg = err.message.trim();
    if (rechargeNeeded(err.data) === 'character') return 'insufficient';
    if (UNAVAILABLE.includes(msg)) return 'unavailable';
  }
  return 'failed';
}
