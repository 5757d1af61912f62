#!/usr/bin/env node
// Compiles the server (src/server/main.ts and what it imports of ours) into one ES module,
// dist-server/main.js, so production runs plain `node dist-server/main.js` instead of
// `node --import tsx`: tsx's loader cost ~100 MB of RSS for the life of the process
// (issue 13 item 15; docs/decisions/015-memory-budget.md). Packages stay external and load
// from node_modules as before. The migrations are copied beside the bundle, where
// db/client.ts looks for them (`new URL('./migrations', import.meta.url)`).
//
// `--outdir=DIR` builds elsewhere (the browser tests build their own copy of the current
// sources into .tmp/, e2e/globalSetup.ts; issue: the test suite's speed). DIR must lie inside
// the repository: the bundle's package imports resolve from node_modules above it.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdirArgument = process.argv.find((a) => a.startsWith('--outdir='));
const outdir = outdirArgument
  ? resolve(outdirArgument.slice('--outdir='.length))
  : `${root}dist-server`;

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [`${root}src/server/main.ts`],
  outfile: `${outdir}/main.js`,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Stack traces keep function names; the code is not shipped to browsers, size is no concern.
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
});
cpSync(`${root}src/server/db/migrations`, `${outdir}/migrations`, { recursive: true });
// The built-in tunes the library seeds at start (src/server/services/library/builtinTunes.ts
// looks for them in ./library-tunes beside the bundle).
cpSync(`${root}src/music/library`, `${outdir}/library-tunes`, {
  recursive: true,
  filter: (source) => !/\.[a-z]+$/i.test(source) || source.endsWith('.bww'),
});
console.log(`server built into ${outdir} in ${Date.now() - started} ms`);
