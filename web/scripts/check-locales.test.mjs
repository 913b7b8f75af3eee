import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, LOCALES_DIR, checkLocales } from './check-locales.mjs';

/** The real locale files, with `extra` merged into each language's messages. */
function localesWith(extra) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locales-'));
  for (const lang of LANGUAGES) {
    const messages = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${lang}.json`), 'utf8'));
    messages.zz = extra[lang] ?? extra.default;
    fs.writeFileSync(path.join(dir, `${lang}.json`), JSON.stringify(messages));
  }
  return dir;
}

const problemsOf = (dir) => checkLocales(dir).filter((p) => p.includes('zz.'));

describe('plural keys in the locale check', () => {
  const ru = {
    n_one: '{{count}} ч',
    n_few: '{{count}} ч',
    n_many: '{{count}} ч',
    n_other: '{{count}} ч',
  };
  const one = { n_one: '{{count}} x', n_other: '{{count}} x' };
  const other = { n_other: '{{count}} x' };

  it('ask each language for exactly the forms it uses', () => {
    const dir = localesWith({
      default: one,
      ja: other,
      kr: other,
      'zh-Hans': other,
      'zh-Hant': other,
      ru,
    });
    expect(problemsOf(dir)).toEqual([]);
  });

  it('report a missing form and a form the language does not use', () => {
    const dir = localesWith({
      default: one,
      ja: one,
      kr: other,
      'zh-Hans': other,
      'zh-Hant': other,
      ru: one,
    });
    expect(problemsOf(dir)).toEqual(
      expect.arrayContaining([
        'ja: zz.n_one is not a plural form ja uses',
        'ru: missing key zz.n_few',
        'ru: missing key zz.n_many',
      ]),
    );
  });

  it('compare placeholders with the English other form', () => {
    const dir = localesWith({
      default: one,
      ja: { n_other: 'x' },
      kr: other,
      'zh-Hans': other,
      'zh-Hant': other,
      ru,
    });
    expect(problemsOf(dir)).toEqual(['ja: zz.n_other has placeholders {}, English has {count}']);
  });
});
