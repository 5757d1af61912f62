/**
 * Memory benchmark (issue 13 item 15; docs/decisions/015-memory-budget.md): the resident set
 * (RSS) of the server as `npm start` runs it, idle after start and after 10,000 mixed
 * requests, on PGlite (a fresh DATA_DIR, so the first start's initdb is included) and on
 * PostgreSQL, against a bare Fastify hello world in its own process in the same run. Each
 * server is a child process; the load comes from this process over loopback, keep-alive.
 * Also runs the PGlite server the old way (`node --import tsx`) for comparison. Prints a
 * table, the ratios to the bare process, and one JSON line. Never part of `npm test`.
 *
 *   npm run bench:memory
 *   BENCH_DATABASE_URL=postgres://… npm run bench:memory   (else a throwaway cluster)
 *   BENCH_REQUESTS=2000 BENCH_CONNECTIONS=10 npm run bench:memory
 *
 * The mix, in equal parts: /api/health, /api/config, leaderboard reads (/api/scores by level,
 * /api/scores/top-per-level), score submissions through game sessions (POST
 * /api/game-sessions then POST /api/rpc/submit_high_score), SPA pages, hashed static assets
 * (gzip accepted), /api/hello and /sitemap.xml.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { isIndexable, routes } from '../src/contracts/routes.ts';
import {
  postgresBinDir,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../src/server/testing/throwawayPostgres.ts';
import { freePort } from '../src/server/testing/freePort.ts';
import { LIFTED_DAILY_CAPS } from '../src/server/services/dailyCapSettings.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Time left to the server after start and after the load before RSS is read (GC, timers). */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 3000);
const KEY = 'chanterlab-anon';

/** The V8 flags of `npm start` (package.json), so the figures are of what operators run. */
function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const serve = pkg.scripts['serve:built'] ?? '';
  return serve.split(/\s+/).filter((part) => part.startsWith('--max-'));
}

function ensureBuilt() {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    console.log('[bench] building the web app (vite build)…');
    spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  }
  console.log('[bench] building the server (scripts/build-server.mjs)…');
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('server build failed');
}

/** VmRSS and VmHWM (peak) of a process, in MB, from /proc (Linux). */
function rssOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

interface Running {
  child: ChildProcess;
  base: string;
  output(): string;
}

async function startProcess(args: string[], env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
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
      if (res.ok) return { child, base, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start in 120 s:\n${output}`);
}

async function stopProcess(running: Running) {
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGTERM');
  await exited;
}

type Step = () => Promise<number>;

/** The request mix; each entry is one request except the submission (two: session, score). */
function mixFor(base: string): Step[] {
  const get =
    (path: string, headers: Record<string, string> = {}) =>
    async () => {
      const res = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
      await res.arrayBuffer();
      return res.status;
    };
  const keyed = { 'x-chanterlab-key': KEY };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...keyed, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as { data?: { id?: string } } };
  };
  const pages = routes
    .filter((r) => isIndexable(r) && !r.path.includes(':'))
    .map((r) => r.path)
    .slice(0, 12);
  const assetsDir = join(ROOT, 'dist', 'assets');
  const assets = existsSync(assetsDir)
    ? readdirSync(assetsDir)
        .filter((f) => /\.(js|css)$/.test(f))
        .slice(0, 20)
    : [];
  let n = 0;
  const submit: Step = async () => {
    const localUserId = randomUUID();
    const level = (n % 5) + 1;
    const session = await post('/api/game-sessions', { local_user_id: localUserId, level });
    if (session.status !== 201 || !session.json.data?.id) return session.status;
    const score = await post('/api/rpc/submit_high_score', {
      params: {
        p_score: 1,
        p_level: level,
        p_local_user_id: localUserId,
        p_initials: 'MEM',
        p_session_id: session.json.data.id,
      },
    });
    return score.status;
  };
  return [
    get('/api/health'),
    get('/api/config'),
    () => get(`/api/scores?limit=10&level=${(n % 5) + 1}`, keyed)(),
    get('/api/scores/top-per-level?n=3', keyed),
    submit,
    () => get(pages[n % pages.length] ?? '/')(),
    () =>
      get(assets.length > 0 ? `/assets/${assets[n % assets.length]}` : '/favicon.svg', {
        'accept-encoding': 'gzip, br',
      })(),
    get('/api/hello'),
    get('/sitemap.xml'),
  ].map((step) => async () => {
    n += 1;
    return step();
  });
}

async function load(base: string): Promise<{ requestsPerSecond: number; failures: number }> {
  const mix = mixFor(base);
  let sent = 0;
  let failures = 0;
  const started = performance.now();
  let requests = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (requests < REQUESTS) {
        const step = mix[sent++ % mix.length]!;
        // The submission is two requests.
        requests += step === mix[4] ? 2 : 1;
        const status = await step().catch(() => 0);
        if (status === 0 || status >= 400) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { requestsPerSecond: Math.round(requests / seconds), failures };
}

interface Row {
  server: string;
  idleMB: number;
  afterLoadMB: number;
  peakMB: number;
  requestsPerSecond: number;
  failures: number;
}

async function measure(name: string, args: string[], env: Record<string, string>): Promise<Row> {
  console.log(`[bench] ${name}: start…`);
  const running = await startProcess(args, env);
  try {
    await settle();
    const idle = rssOf(running.child.pid!);
    console.log(`[bench] ${name}: idle ${idle.rss} MB; ${REQUESTS} requests…`);
    const result = await load(running.base);
    await settle();
    const after = rssOf(running.child.pid!);
    if (result.failures > 0) {
      console.warn(`[bench] ${name}: ${result.failures} failed requests\n${running.output()}`);
    }
    return {
      server: name,
      idleMB: idle.rss,
      afterLoadMB: after.rss,
      peakMB: after.peak,
      requestsPerSecond: result.requestsPerSecond,
      failures: result.failures,
    };
  } finally {
    await stopProcess(running);
  }
}

ensureBuilt();
const flags = startFlags();
const serverEnv = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  STATIC_DIR: join(ROOT, 'dist'),
  WRITE_RATE_LIMIT_PER_MINUTE: '100000000',
  DAILY_WRITE_CAPS: LIFTED_DAILY_CAPS,
  BETTER_AUTH_SECRET: 'memory-bench-session-secret-0123456789abcdef',
  ALTCHA_HMAC_KEY: 'memory-bench-altcha-key-0123456789abcdef',
};
const built = [...flags, 'dist-server/main.js'];
const rows: Row[] = [];
const tempDirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'chanterlab-mem-'));
  tempDirs.push(dir);
  return join(dir, 'data');
};

let cluster: ThrowawayPostgres | undefined;
try {
  rows.push(await measure('bare Fastify (hello world)', ['bench/bareFastify.mjs'], {}));
  rows.push(
    await measure('Chanterlab, PGlite (npm start)', built, { ...serverEnv, DATA_DIR: dataDir() }),
  );
  rows.push(
    await measure(
      'Chanterlab, PGlite, node --import tsx',
      ['--import', 'tsx', 'src/server/main.ts'],
      {
        ...serverEnv,
        DATA_DIR: dataDir(),
      },
    ),
  );
  let serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl && postgresBinDir()) {
    console.log('[bench] starting a throwaway PostgreSQL cluster…');
    cluster = await startThrowawayPostgres();
    serverUrl = cluster.url;
  }
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query('drop database if exists chanterlab_memory');
    await admin.query('create database chanterlab_memory');
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = '/chanterlab_memory';
    rows.push(
      await measure('Chanterlab, PostgreSQL (npm start)', built, {
        ...serverEnv,
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir(),
      }),
    );
  } else {
    console.warn(
      '[bench] no PostgreSQL binaries and no BENCH_DATABASE_URL: PostgreSQL row skipped',
    );
  }
} finally {
  await cluster?.destroy();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}

const bare = rows[0]!;
const table = rows.map((row) => ({
  ...row,
  idleRatio: Number((row.idleMB / bare.idleMB).toFixed(2)),
  afterLoadRatio: Number((row.afterLoadMB / bare.afterLoadMB).toFixed(2)),
}));
console.table(table);
const pglite = table[1]!;
console.log(
  `PGlite idle ${pglite.idleMB} MB (${pglite.idleRatio} × bare Fastify ${bare.idleMB} MB), after ${REQUESTS} requests ${pglite.afterLoadMB} MB; goal ≤ 200 MB idle`,
);
console.log(
  JSON.stringify({
    bench: 'memory',
    requests: REQUESTS,
    connections: CONNECTIONS,
    startFlags: flags,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`,
    loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
    rows: table,
  }),
);
