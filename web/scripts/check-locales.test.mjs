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
  const all = {
    n_one: '{{count}} x',
    n_few: '{{count}} x',
    n_many: '{{count}} x',
    n_other: '{{count}} x',
  };
  const one = { n_one: '{{count}} x', n_other: '{{count}} x' };

  it('ask every language for every form any of them uses', () => {
    expect(problemsOf(localesWith({ default: all }))).toEqual([]);
  });

  it('report a missing form and a form no language uses', () => {
    const dir = localesWith({ default: all, ja: one, ru: { ...all, n_two: '{{count}} x' } });
    expect(problemsOf(dir)).toEqual(
      expect.arrayContaining([
        'ja: missing key zz.n_few',
        'ja: missing key zz.n_many',
        'ru: zz.n_two is not a plural form any of the languages uses',
      ]),
    );
  });

  it('compare placeholders with the English other form', () => {
    const dir = localesWith({ default: all, ja: { ...all, n_one: 'x' } });
    expect(problemsOf(dir)).toEqual(['ja: zz.n_one has placeholders {}, English has {count}']);
  });
});
