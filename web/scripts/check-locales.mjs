// Every key of en.json must exist, with the same {{placeholders}}, in each of the eight
// language files (and no file may carry keys English does not have). Exits 1 otherwise.
// Plural keys (i18next's `key_one`, `key_other`, ...): every file carries every form that any of
// the eight languages uses for whole numbers (`_one`, `_few`, `_many`, `_other`: Russian's), so
// all files have the same keys. A form a language does not use (Japanese `_one`, English `_few`)
// is never shown; it repeats that language's `_other`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LANGUAGES = ['en', 'zh-Hans', 'zh-Hant', 'ja', 'es', 'kr', 'ge', 'ru'];
const here = path.dirname(fileURLToPath(import.meta.url));
export const LOCALES_DIR = path.join(here, '..', 'src', 'i18n', 'locales');

function flatten(obj, prefix = '', out = new Map()) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out.set(key, String(v));
  }
  return out;
}

/** The i18next plural suffixes (CLDR categories). */
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
/** Seed codes whose BCP 47 tag differs. */
const INTL = { kr: 'ko', ge: 'de' };

/** The plural categories a language uses for the counts people see (0 to 1000). */
function pluralCategories(lang) {
  const rules = new Intl.PluralRules(INTL[lang] ?? lang);
  const found = new Set(['other']);
  for (let n = 0; n <= 1000; n++) found.add(rules.select(n));
  return found;
}

/** The base names of en's plural keys (those with an `_other` form). */
function pluralBases(keys) {
  const bases = new Set();
  for (const key of keys) {
    const m = PLURAL.exec(key);
    if (m && m[2] === 'other') bases.add(m[1]);
  }
  return bases;
}

const placeholders = (s) =>
  [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

export function checkLocales(dir = LOCALES_DIR) {
  const problems = [];
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
  const names = files.map((f) => f.replace(/\.json$/, '')).sort();
  for (const lang of LANGUAGES) {
    if (!names.includes(lang)) problems.push(`${lang}.json is missing`);
  }
  for (const name of names) {
    if (!LANGUAGES.includes(name)) problems.push(`${name}.json is not one of the eight languages`);
  }
  const load = (lang) =>
    flatten(JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8')));
  const en = load('en');
  const plurals = pluralBases(en.keys());
  const pluralOf = (key) => {
    const m = PLURAL.exec(key);
    return m && plurals.has(m[1]) ? { base: m[1], category: m[2] } : null;
  };
  const categories = new Set(LANGUAGES.flatMap((lang) => [...pluralCategories(lang)]));
  for (const lang of LANGUAGES.filter((l) => names.includes(l))) {
    const other = lang === 'en' ? en : load(lang);
    for (const base of plurals) {
      const reference = en.get(`${base}_other`);
      for (const category of categories) {
        const translated = other.get(`${base}_${category}`);
        if (translated === undefined) problems.push(`${lang}: missing key ${base}_${category}`);
        else if (!translated.trim()) problems.push(`${lang}: empty value for ${base}_${category}`);
        else if (placeholders(translated) !== placeholders(reference)) {
          problems.push(
            `${lang}: ${base}_${category} has placeholders {${placeholders(translated)}}, English has {${placeholders(reference)}}`,
          );
        }
      }
      for (const key of other.keys()) {
        const plural = pluralOf(key);
        if (plural?.base === base && !categories.has(plural.category)) {
          problems.push(`${lang}: ${key} is not a plural form any of the languages uses`);
        }
      }
    }
    if (lang === 'en') continue;
    for (const [key, value] of en) {
      if (pluralOf(key)) continue;
      const translated = other.get(key);
      if (translated === undefined) problems.push(`${lang}: missing key ${key}`);
      else if (!translated.trim()) problems.push(`${lang}: empty value for ${key}`);
      else if (placeholders(translated) !== placeholders(value)) {
        problems.push(
          `${lang}: ${key} has placeholders {${placeholders(translated)}}, English has {${placeholders(value)}}`,
        );
      }
    }
    for (const key of other.keys()) {
      if (!en.has(key) && !pluralOf(key)) {
        problems.push(`${lang}: extra key ${key} (not in en.json)`);
      }
    }
  }
  problems.push(...checkKeysUsedInCode(en));
  return problems;
}

/** Literal keys in t('...') calls of the source must exist in en.json. */
function checkKeysUsedInCode(en) {
  const problems = [];
  const src = path.join(here, '..', 'src');
  const walk = (dir) =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
  const keys = new Set(en.keys());
  for (const file of walk(src).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)) {
      // A plural key is called by its base name: t('upgrade.likedYou', { count }).
      if (!keys.has(m[1]) && !keys.has(`${m[1]}_other`))
        problems.push(`${path.relative(src, file)}: t('${m[1]}') is not in en.json`);
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkLocales();
  if (problems.length) {
    console.error(`Locale check failed:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`Locales complete: ${LANGUAGES.length} languages, same keys everywhere.`);
}
