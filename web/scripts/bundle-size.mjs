// Size on the wire of the JavaScript on the login route's critical path: the entry chunk,
// everything it imports statically, the login page's chunk with its static imports, and the
// active language file the entry loads before the first render. It measures the precompressed
// files the server sends (gzip, which every browser accepts; brotli beside it; a file too small
// to gain is sent as it is), and fails above the 170 KB budget (DESIGN.md 7) or when a file of
// more than 1 KB has no compressed copy. The browser story
// `e2e/compression.spec.ts` checks that the server sends these very bytes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 170;
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json not found: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const chunks = new Map(); // file -> reason
function addWithImports(key, reason) {
  const entry = manifest[key];
  if (!entry) throw new Error(`not in manifest: ${key}`);
  if (!chunks.has(entry.file)) chunks.set(entry.file, reason);
  for (const imp of entry.imports ?? []) addWithImports(imp, `${reason} (import)`);
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
addWithImports(entryKey, 'entry');
addWithImports('src/pages/login/LoginPage.tsx', 'login page');
addWithImports('src/i18n/locales/en.json', 'language (en)');

/** Bytes the server sends for `file` with this encoding's copy. */
function sent(file, suffix) {
  const copy = path.join(dist, `${file}${suffix}`);
  if (fs.existsSync(copy)) return fs.statSync(copy).size;
  const raw = fs.statSync(path.join(dist, file)).size;
  if (raw > 1024) {
    console.error(`${file}${suffix} is missing: the build compresses every text file`);
    process.exit(1);
  }
  return raw;
}

let total = 0;
let totalBr = 0;
const rows = [...chunks].map(([file, reason]) => {
  const raw = fs.statSync(path.join(dist, file)).size;
  const gz = sent(file, '.gz');
  const br = sent(file, '.br');
  total += gz;
  totalBr += br;
  return { file, reason, raw, gz, br };
});
const kb = (n) => (n / 1024).toFixed(1).padStart(7);
console.log(
  `${'chunk'.padEnd(44)} ${'why'.padEnd(26)} ${'raw KB'.padStart(7)} ${'gzip KB'.padStart(7)} ${'br KB'.padStart(7)}`,
);
for (const r of rows)
  console.log(`${r.file.padEnd(44)} ${r.reason.padEnd(26)} ${kb(r.raw)} ${kb(r.gz)} ${kb(r.br)}`);
console.log(`${'total'.padEnd(44)} ${''.padEnd(26)} ${''.padStart(7)} ${kb(total)} ${kb(totalBr)}`);
console.log(`budget: ${BUDGET_KB} KB as sent with gzip`);
if (total / 1024 > BUDGET_KB) {
  console.error(`Over budget by ${(total / 1024 - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
