// Fills in the service worker's shell (public/sw.js, copied to dist/ by the build): the build's id
// and the files the app needs to open without a network, which the worker caches at install.
// The id changes with every build whose files change, so browsers see a new worker and the app
// offers to reload into it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Pages only staff open: fetched (and cached) when they do, not cached for everyone at install. */
const STAFF_ONLY = /\/src\/pages\/admin\//;
/** Files of public/ the shell needs besides the build's own. */
const PUBLIC_SHELL = [
  '/manifest.webmanifest',
  '/icons/icon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
];

/**
 * The shell's files from a Rollup bundle: every chunk reachable from the entry (static and lazy
 * imports, staff pages left out) with its CSS and assets, as absolute paths.
 */
export function shellFiles(bundle) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set();
  const visit = (chunk) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    const meta = chunk.viteMetadata;
    for (const css of meta?.importedCss ?? []) files.add(css);
    for (const asset of meta?.importedAssets ?? []) files.add(asset);
    for (const name of chunk.imports) visit(byName.get(name));
    for (const name of chunk.dynamicImports) {
      const next = byName.get(name);
      if (next && !STAFF_ONLY.test(next.facadeModuleId ?? '')) visit(next);
    }
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
  return [...files].sort().map((file) => `/${file}`);
}

/** The worker's source with its build id and shell filled in. */
export function fillServiceWorker(source, files) {
  const shell = [...PUBLIC_SHELL, ...files];
  const build = crypto.createHash('sha256').update(shell.join('\n')).digest('hex').slice(0, 12);
  const filled = source
    .replace(/^const BUILD = '[^']*';$/m, `const BUILD = '${build}';`)
    .replace(/^const SHELL = \[\];$/m, `const SHELL = ${JSON.stringify(shell)};`);
  if (!filled.includes(`'${build}'`) || filled.includes('const SHELL = [];')) {
    throw new Error('sw.js: the BUILD and SHELL lines to fill in were not found');
  }
  return filled;
}

/**
 * The Vite plugin: once the bundle is written, rewrites dist/sw.js with its files. The written
 * bundle is the one to read: chunks that only carried CSS are gone from it by then.
 */
export function serviceWorkerPlugin() {
  let outDir = 'dist';
  return {
    name: 'amora-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const files = shellFiles(bundle);
      const missing = files.filter((file) => !fs.existsSync(path.join(outDir, file)));
      if (missing.length) throw new Error(`sw.js: not in the build: ${missing.join(', ')}`);
      const target = path.join(outDir, 'sw.js');
      fs.writeFileSync(target, fillServiceWorker(fs.readFileSync(target, 'utf8'), files));
    },
  };
}
