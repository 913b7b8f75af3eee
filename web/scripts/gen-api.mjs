// Generates src/lib/api-schema.d.ts from the server's OpenAPI document: docs/openapi.json when
// it exists, otherwise the output of `amora openapi` (AMORA_BIN). With --check it only fails
// when the committed file differs from what would be generated (drift).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(web, 'src', 'lib', 'api-schema.d.ts');
let source = path.join(web, '..', 'docs', 'openapi.json');
if (!fs.existsSync(source)) {
  const bin = process.env.AMORA_BIN ?? '/work/cache/target/debug/amora';
  source = path.join(os.tmpdir(), `amora-openapi-${process.pid}.json`);
  fs.writeFileSync(source, execFileSync(bin, ['openapi']));
}
const out = process.argv.includes('--check')
  ? path.join(os.tmpdir(), `api-schema-${process.pid}.d.ts`)
  : target;
const bin = (name) => path.join(web, 'node_modules', '.bin', name);
// An object schema without properties (a message's content) is any object, not an empty one.
execFileSync(bin('openapi-typescript'), [source, '-o', out, '--empty-objects-unknown'], {
  stdio: 'inherit',
});
execFileSync(bin('prettier'), ['--config', path.join(web, '.prettierrc.json'), '--write', out], {
  stdio: 'ignore',
});
if (out !== target) {
  if (fs.readFileSync(out, 'utf8') !== fs.readFileSync(target, 'utf8')) {
    console.error('src/lib/api-schema.d.ts is out of date with the server: run `npm run gen:api`.');
    process.exit(1);
  }
  console.log('API types match the server.');
}
