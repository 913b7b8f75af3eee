// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, so the
// server sends compressed bytes without compressing on each request (server/src/web.rs).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|json|svg|webmanifest|txt)$/;

/** Every file under `dir`, recursively. */
function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Compresses the text files of `dir`; returns how many it wrote. */
export function precompress(dir) {
  let written = 0;
  for (const file of filesUnder(dir)) {
    if (!TEXT.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
    const raw = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = zlib.gzipSync(raw, { level: 9 });
    // A tiny file can grow when compressed: then the server sends it as it is.
    if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
    written += 1;
  }
  return written;
}

/** The Vite plugin: runs after the bundle is written. */
export function precompressPlugin() {
  let outDir = 'dist';
  return {
    name: 'amora-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompress(outDir);
    },
  };
}
