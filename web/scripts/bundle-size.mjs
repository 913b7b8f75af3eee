// Gzip size of the JavaScript on the login route's critical path: the entry chunk, everything it
// imports statically, the login page's chunk with its static imports, and the active language
// file the entry loads before the first render. Fails above the 170 KB budget (DESIGN.md 7).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
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

let total = 0;
const rows = [...chunks].map(([file, reason]) => {
  const buf = fs.readFileSync(path.join(dist, file));
  const gz = zlib.gzipSync(buf, { level: 9 }).length;
  total += gz;
  return { file, reason, raw: buf.length, gz };
});
const kb = (n) => (n / 1024).toFixed(1).padStart(7);
console.log(
  `${'chunk'.padEnd(44)} ${'why'.padEnd(26)} ${'raw KB'.padStart(7)} ${'gzip KB'.padStart(7)}`,
);
for (const r of rows)
  console.log(`${r.file.padEnd(44)} ${r.reason.padEnd(26)} ${kb(r.raw)} ${kb(r.gz)}`);
console.log(`${'total'.padEnd(44)} ${''.padEnd(26)} ${''.padStart(7)} ${kb(total)}`);
console.log(`budget: ${BUDGET_KB} KB gzip`);
if (total / 1024 > BUDGET_KB) {
  console.error(`Over budget by ${(total / 1024 - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
