/**
 * Lighthouse benchmark (issue 21 item 5): Lighthouse's mobile preset (simulated slow 4G, 4×
 * CPU slowdown, Moto G Power screen) on every public route of a production build served by our
 * own server (dist-server/main.js, a temporary DATA_DIR), with a plain static HTML page served
 * by the same server in the same run as the baseline. Prints a table (route, performance, LCP,
 * TBT, CLS, plus FCP, the longest main-thread task and the LCP as a multiple of the static
 * page's) and one JSON line. Never part of `npm test`: blocking times move with the machine's
 * load, so say the load average with the figures.
 *
 *   npm run bench:lighthouse
 *   npm run bench:lighthouse -- --routes=/,/tuner --runs=3     (median of 3 per figure)
 *   BENCH_ROUTES=/tuner BENCH_RUNS=5 npm run bench:lighthouse
 *   npm run bench:lighthouse -- --details     (also each page's long tasks and the scripts
 *                                               that took the main thread: what to fix first)
 *   BENCH_NO_BUILD=1 …     (reuse dist/ and dist-server/ as they are)
 *   BENCH_STATIC_DIR=/other/dist …   (audit another web build, e.g. an older commit's, with
 *                                      this server)
 *   CHROMIUM_PATH=…        (default /usr/bin/chromium)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { isIndexable, routes } from '../src/contracts/routes.ts';
import { freePort } from '../src/server/testing/freePort.ts';
import {
  formatTable,
  jsonLine,
  medianOf,
  parseOptions,
  type LighthouseFigures,
  type RouteResult,
} from './lighthouseReport.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASELINE_PATH = '/lighthouse-baseline.html';
const options = parseOptions(process.argv.slice(2), process.env);
const details = process.argv.includes('--details');

/** A page with text and nothing else: what the network and Chromium cost on their own. */
const BASELINE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Static baseline | Chanterlab</title><meta name="description" content="A static page: the Lighthouse baseline.">
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem}</style></head>
<body><main><h1>Practise the Highland bagpipe</h1>
<p>A plain page with no script, served by the same server as the app, so each route's figures can be read against what the network and the browser cost on their own.</p></main></body></html>
`;

function build() {
  if (process.env.BENCH_NO_BUILD === '1') return;
  console.log('[bench] npm run build…');
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

async function startServer(staticDir: string, dataDir: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['dist-server/main.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      STATIC_DIR: staticDir,
      DATA_DIR: dataDir,
      PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
      BETTER_AUTH_SECRET: 'lighthouse-bench-session-secret-0123456789abcdef',
      ALTCHA_HMAC_KEY: 'lighthouse-bench-altcha-key-0123456789abcdef',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited during start:\n${output}`);
    try {
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      if (res.ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start in 120 s:\n${output}`);
}

interface AuditItem {
  url?: string;
  duration?: number;
  startTime?: number;
  total?: number;
  scripting?: number;
  scriptParseCompile?: number;
}

const numeric = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string) =>
  lhr.audits[id]?.numericValue ?? 0;

/** One Lighthouse run in its own Chromium (no cache or storage carried between runs). */
async function audit(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const longTasks = ((lhr.audits['long-tasks']?.details as { items?: AuditItem[] })?.items ??
      []) as AuditItem[];
    if (details) {
      const path = new URL(url).pathname;
      for (const t of longTasks)
        console.log(
          `[details] ${path} long task ${Math.round(t.duration ?? 0)} ms at ${Math.round(t.startTime ?? 0)} ms: ${t.url}`,
        );
      const bootup = ((lhr.audits['bootup-time']?.details as { items?: AuditItem[] })?.items ??
        []) as AuditItem[];
      for (const b of bootup.slice(0, 5))
        console.log(
          `[details] ${path} script ${b.url}: ${Math.round(b.total ?? 0)} ms total, ${Math.round(b.scripting ?? 0)} ms evaluating, ${Math.round(b.scriptParseCompile ?? 0)} ms parsing`,
        );
    }
    return {
      performance: (lhr.categories.performance?.score ?? 0) * 100,
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      longestTaskMs: Math.max(0, ...longTasks.map((t) => t.duration ?? 0)),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART): try that run again. */
async function auditWithRetry(url: string): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`[bench] ${url}: ${(error as Error).message}; trying again`);
    }
  }
}

async function measure(base: string, path: string): Promise<RouteResult> {
  const runs: LighthouseFigures[] = [];
  for (let i = 0; i < options.runs; i++) {
    runs.push(await auditWithRetry(`${base}${path}`));
    console.log(
      `[bench] ${path} run ${i + 1}/${options.runs}: performance ${Math.round(runs[i]!.performance)}, TBT ${Math.round(runs[i]!.tbtMs)} ms`,
    );
  }
  return medianOf(path, runs);
}

const publicPaths = routes.filter(isIndexable).map((r) => r.path);
const paths = options.routes.length > 0 ? options.routes : publicPaths;

build();
// A copy of dist/ with the baseline page beside the app, so dist/ itself stays as built.
const temp = mkdtempSync(join(tmpdir(), 'chanterlab-lighthouse-'));
const staticDir = join(temp, 'dist');
cpSync(process.env.BENCH_STATIC_DIR ?? join(ROOT, 'dist'), staticDir, { recursive: true });
writeFileSync(join(staticDir, BASELINE_PATH.slice(1)), BASELINE_HTML);
const server = await startServer(staticDir, join(temp, 'data'));
const loadBefore = loadavg()[0]!;
try {
  console.log(
    `[bench] Lighthouse mobile, ${paths.length} route(s) × ${options.runs} run(s), ${server.base}`,
  );
  const baseline = await measure(server.base, BASELINE_PATH);
  const rows: RouteResult[] = [];
  for (const path of paths) rows.push(await measure(server.base, path));
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    loadBefore: Number(loadBefore.toFixed(2)),
    loadAfter: Number(loadavg()[0]!.toFixed(2)),
    runs: options.runs,
    node: process.version,
  };
  console.log('');
  console.log(formatTable(rows, baseline));
  console.log(
    `\n${machine.cpus} × ${machine.cpuModel}; load average ${machine.loadBefore} before, ${machine.loadAfter} after; median of ${options.runs} run(s).`,
  );
  console.log(jsonLine(rows, baseline, machine));
} finally {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
  rmSync(temp, { recursive: true, force: true });
}
