#!/usr/bin/env node
// Writes brotli (.br) and gzip (.gz) copies of the built web app's text files, which the
// server sends as they are (@fastify/static preCompressed, src/server/routes/spa.ts). Without
// them every asset request was compressed again: CPU on each request, and the zlib and brotli
// buffers left the server ~70–100 MB larger after 3,000 asset requests (issue 13 item 15,
// docs/decisions/015-memory-budget.md). Files that do not shrink get no copy; `npm run build`
// runs this after `vite build`. A build without it still works (compressed on the fly).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|wasm|webmanifest)$/;
/** Below this @fastify/compress does not compress either (app.ts threshold). */
const MIN_BYTES = 1024;
const BIG_FILE_BYTES = 1024 * 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

const started = Date.now();
let count = 0;
let before = 0;
let after = 0;
for (const path of files(dist)) {
  // index.html is the page template spa.ts fills in per route; it is never sent as a file.
  // Prerendered pages (dist/pages/) are templates too (issue 21.1).
  if (!TEXT.test(path) || path === join(dist, 'index.html') || path.startsWith(join(dist, 'pages')))
    continue;
  if (statSync(path).size < MIN_BYTES) continue;
  const bytes = readFileSync(path);
  const br = brotliCompressSync(bytes, {
    params: {
      // Quality 11 takes ~12 s on each of the OCR engine's 3.9 MB scripts for 12 % less than
      // quality 9 (1.3 s): big files, fetched once by /omr only, get 9.
      [constants.BROTLI_PARAM_QUALITY]:
        bytes.length > BIG_FILE_BYTES ? 9 : constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
  count += 1;
  before += bytes.length;
  after += Math.min(br.length, bytes.length);
}
console.log(
  `precompressed ${count} files in ${relative(process.cwd(), dist) || 'dist'} (${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB brotli) in ${Date.now() - started} ms`,
);
