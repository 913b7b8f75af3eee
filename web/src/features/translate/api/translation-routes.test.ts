import { reach } from './translation-routes';

const LANGUAGES = ['en', 'zh-Hans', 'zh-Hant', 'ja', 'es', 'kr', 'ge', 'ru'];
const route = 'apertium' as const;
const pair = (from: string, to: string) => ({ from, to, route });

describe('how far translation reaches', () => {
  it('reaches nowhere without a pair both ways', () => {
    expect(reach({ languages: LANGUAGES, pairs: [] })).toEqual({ kind: 'none' });
    expect(reach({ languages: LANGUAGES, pairs: [pair('en', 'es')] })).toEqual({ kind: 'none' });
  });
  it('names the few languages that reach each other', () => {
    expect(reach({ languages: LANGUAGES, pairs: [pair('en', 'es'), pair('es', 'en')] })).toEqual({
      kind: 'among',
      languages: ['en', 'es'],
    });
  });
  it('names pairs when the languages do not all reach each other', () => {
    const pairs = [pair('en', 'es'), pair('es', 'en'), pair('en', 'ja'), pair('ja', 'en')];
    expect(reach({ languages: LANGUAGES, pairs })).toEqual({
      kind: 'pairs',
      pairs: [
        ['en', 'ja'],
        ['en', 'es'],
      ],
    });
  });
  it('reaches every language from every other', () => {
    const pairs = LANGUAGES.flatMap((a) => LANGUAGES.filter((b) => b !== a).map((b) => pair(a, b)));
    expect(reach({ languages: LANGUAGES, pairs })).toEqual({ kind: 'every' });
  });
});
