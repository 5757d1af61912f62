#!/usr/bin/env node
/**
 * Bundle budget: the JavaScript a first visit to `/` downloads before any interaction must stay
 * under 100 KB gzipped (gzip level 9, summed per file; 120 KB until issue 21 item 4).
 *
 * What counts (a deliberate, documented choice):
 *  1. Everything dist/index.html loads itself: the entry `<script type="module" src>` and every
 *     `<link rel="modulepreload">`.
 *  2. The home screen's lazy chunk, because the router requests it at once on `/`, plus the
 *     chunks it imports statically (followed transitively). The home chunk is found through
 *     dist/.vite/manifest.json when the build wrote one (build.manifest); otherwise by Vite's
 *     default chunk naming, assets/HomeScreen-<hash>.js, the file name of
 *     src/web/features/home/HomeScreen.tsx. If neither finds it, only index.html's scripts are
 *     counted and a warning says so.
 *  Static imports are read from the chunks themselves (`import … from "./x.js"`), so shared
 *  chunks are counted once. Dynamic imports (other screens) are not followed: they load later.
 *  CSS, fonts and images are outside this budget.
 *
 * Prints a table (chunk, raw bytes, gzip bytes), the total, and one JSON line
 * {"bench":"bundle","gzipBytes":N,"budget":102400}; exits 1 over budget.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 100 * 1024;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, process.env.STATIC_DIR ?? 'dist');
const indexFile = join(dist, 'index.html');
const HOME_SOURCE = 'src/web/features/home/HomeScreen.tsx';

if (!existsSync(indexFile)) {
  console.error(
    `bundle budget: ${relative(root, indexFile)} not found; run "npx vite build" first.`,
  );
  process.exit(1);
}

/** Site path ("/assets/x.js") → file in dist. */
const fileOf = (sitePath) => join(dist, sitePath.replace(/^\//, '').split('?')[0]);

function attr(tag, name) {
  const m = tag.match(new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'));
  return m ? (m[2] ?? m[3] ?? m[4]) : undefined;
}

/** Scripts index.html loads itself. */
function indexScripts(html) {
  const found = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src && attr(tag, 'type') === 'module') found.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attr(tag, 'href');
    if (href && attr(tag, 'rel') === 'modulepreload') found.push(href);
  }
  return found.filter((p) => !/^https?:\/\//.test(p)).map((p) => (p.startsWith('/') ? p : `/${p}`));
}

/** The home screen chunk: from Vite's manifest if present, else by Vite's chunk naming. */
function homeChunk() {
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const entry = manifest[HOME_SOURCE];
    if (entry?.file) return { path: `/${entry.file}`, how: '.vite/manifest.json' };
  }
  const assets = join(dist, 'assets');
  const byName = existsSync(assets)
    ? readdirSync(assets).filter((f) => /^HomeScreen-[\w-]+\.js$/.test(f))
    : [];
  if (byName.length === 1) return { path: `/assets/${byName[0]}`, how: 'chunk file name' };
  return undefined;
}

/** Relative static imports of an ES module chunk (not `import()`). */
function staticImports(sitePath, code) {
  const specs = new Set();
  const patterns = [
    /\bimport\s*[\w${}\s,*]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) specs.add(m[1]);
  return [...specs]
    .filter((s) => s.startsWith('./') || s.startsWith('../') || s.startsWith('/'))
    .map((s) => (s.startsWith('/') ? s : posix.join(posix.dirname(sitePath), s)));
}

const html = readFileSync(indexFile, 'utf8');
const roots = indexScripts(html);
const home = homeChunk();
if (home) roots.push(home.path);
else
  console.warn(
    `bundle budget: warning: the home screen chunk was not found; counting index.html's scripts only.`,
  );

const counted = new Map(); // sitePath → { raw, gzip, why }
const queue = roots.map((p) => [p, p === home?.path ? `home screen (${home.how})` : 'index.html']);
while (queue.length > 0) {
  const [sitePath, why] = queue.shift();
  if (counted.has(sitePath)) continue;
  const file = fileOf(sitePath);
  if (!existsSync(file)) {
    console.error(
      `bundle budget: ${sitePath} is referenced but ${relative(root, file)} does not exist.`,
    );
    process.exit(1);
  }
  const bytes = readFileSync(file);
  counted.set(sitePath, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, why });
  for (const dep of staticImports(sitePath, bytes.toString('utf8'))) {
    if (dep.endsWith('.js') || dep.endsWith('.mjs'))
      queue.push([dep, `imported by ${posix.basename(sitePath)}`]);
  }
}

const rows = [...counted].map(([path, r]) => ({ chunk: path.replace(/^\/assets\//, ''), ...r }));
const total = rows.reduce((sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip }), {
  raw: 0,
  gzip: 0,
});
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const width = Math.max(5, ...rows.map((r) => r.chunk.length));
const line = (a, b, c, d) => `${a.padEnd(width)}  ${b.padStart(10)}  ${c.padStart(10)}  ${d}`;
console.log(line('chunk', 'raw', 'gzip', 'why'));
for (const r of rows) console.log(line(r.chunk, kb(r.raw), kb(r.gzip), r.why));
console.log(line('total', kb(total.raw), kb(total.gzip), `budget ${kb(BUDGET_BYTES)} gzip`));
console.log(JSON.stringify({ bench: 'bundle', gzipBytes: total.gzip, budget: BUDGET_BYTES }));

if (total.gzip > BUDGET_BYTES) {
  console.error(
    `bundle budget exceeded: ${kb(total.gzip)} gzipped > ${kb(BUDGET_BYTES)} for the JavaScript of a first visit to /.`,
  );
  process.exit(1);
}
console.log(`bundle budget ok: ${kb(total.gzip)} of ${kb(BUDGET_BYTES)}.`);
