/**
 * Durability of a graceful stop, on the real server process (`node --import tsx
 * src/server/main.ts`), not app.inject(): while concurrent writes stream in, SIGTERM arrives;
 * the process must finish what it acknowledged, close the database and exit 0. Started again
 * on the same data, every acknowledged write is there and the database opens cleanly. The
 * kill-and-restart cycle runs several times on one data directory.
 *
 * PGlite always; PostgreSQL as well when TEST_DATABASE_URL is set (.ci/run does, through
 * scripts/with-postgres.sh). Also: a bad configuration value stops the process with a
 * non-zero status and a message naming the variable.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/freePort.ts';
import { emptyDatabase } from './testing/emptyDatabase.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const KEY = 'chanterlab-anon';
const ADMIN_TOKEN = 'shutdown-test-admin-token-0123456789abcdef';
const CYCLES = 3;
/** Acknowledged writes to wait for before SIGTERM, in each cycle. */
const ACKS_BEFORE_SIGTERM = 40;
/** Further acks to wait for a moment when the server has requests in progress. */
const SIGTERM_PATIENCE = 100;
const CONCURRENCY = 8;
/** Upper bound on writes per cycle, so all rows of all cycles fit in one query page (1000). */
const MAX_WRITES_PER_CYCLE = 250;
const serverUrl = process.env.TEST_DATABASE_URL;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface ServerProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<Exit>;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Requests the server has logged as incoming but not yet as completed. */
  serverInFlight(): number;
}

/** Only what the server needs: nothing of the test runner's environment leaks in. */
function serverEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']) {
    if (process.env[name] !== undefined) base[name] = process.env[name];
  }
  return { ...base, ...vars };
}

function spawnServer(vars: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: serverEnv(vars),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let partial = '';
  const pending = new Set<string>();
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of logLines(lines.join('\n'))) {
      if (!line.reqId) continue;
      if (line.msg === 'incoming request') pending.add(line.reqId);
      else if (line.msg === 'request completed' || line.msg?.startsWith('request aborted'))
        pending.delete(line.reqId);
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  // If a test fails half-way, no server outlives the file.
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  return {
    child,
    url: `http://127.0.0.1:${vars.PORT}`,
    exited,
    output: () => output,
    serverInFlight: () => pending.size,
  };
}

async function startServer(vars: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const server = spawnServer({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    STATIC_DIR: join(tmpdir(), 'chanterlab-no-such-dist'),
    ADMIN_TOKEN,
    LOG_LEVEL: 'info',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    // The writes are plain submit_high_score calls (no game session).
    SCORE_SESSIONS: 'optional',
    // Production on PostgreSQL requires a shared session secret (src/server/auth/authSecret.ts).
    BETTER_AUTH_SECRET: 'shutdown-test-session-secret-0123456789abcdef',
    ...vars,
  });
  let exitedEarly: Exit | undefined;
  void server.exited.then((exit) => (exitedEarly = exit));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exitedEarly) {
      throw new Error(
        `server exited during start (${JSON.stringify(exitedEarly)}):\n${server.output()}`,
      );
    }
    try {
      const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer /api/health within 90 s:\n${server.output()}`);
}

interface LogLine {
  level?: number;
  msg?: string;
  signal?: string;
  reqId?: string;
}

/** pino's JSON lines, parsed; lines that are not JSON are skipped. */
function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

interface StreamResult {
  /** Scores of writes the server answered 200 for. */
  acknowledged: Set<number>;
  /** Scores of every write sent, acknowledged or not. */
  sent: Set<number>;
  /** Writes sent and not yet answered, as the client saw it, when SIGTERM was sent. */
  inFlightAtSigterm: number;
  /** Requests the server had begun and not finished, by its log, when SIGTERM was sent. */
  serverInFlightAtSigterm: number;
  /** Writes answered 200 after SIGTERM was sent (finished during the graceful close). */
  acknowledgedAfterSigterm: number;
  /** Answers other than 200 and 503 (there should be none). */
  unexpected: string[];
  exit: Exit;
}

/**
 * Streams concurrent submit_high_score writes, each with a unique score, and sends SIGTERM once
 * ACKS_BEFORE_SIGTERM were acknowledged. Then either the clients keep writing until the process
 * has exited (new requests get 503 or a refused connection), or, `quietAfterSigterm`, they send
 * nothing more and leave their keep-alive connections idle, as a browser tab would.
 */
async function writeThenSigterm(
  server: ServerProcess,
  firstScore: number,
  quietAfterSigterm: boolean,
): Promise<StreamResult> {
  const localUserId = randomUUID();
  const acknowledged = new Set<number>();
  const sent = new Set<number>();
  const unexpected: string[] = [];
  let next = firstScore;
  let inFlight = 0;
  let inFlightAtSigterm = -1;
  let serverInFlightAtSigterm = -1;
  let acknowledgedAfterSigterm = 0;
  let signalled = false;
  let stopped = false;
  let exit: Exit | undefined;
  void server.exited.then((e) => {
    exit = e;
    stopped = true;
  });

  const sigterm = () => {
    if (signalled) return;
    signalled = true;
    inFlightAtSigterm = inFlight;
    serverInFlightAtSigterm = server.serverInFlight();
    server.child.kill('SIGTERM');
  };

  const worker = async () => {
    while (!stopped && !(quietAfterSigterm && signalled) && sent.size < MAX_WRITES_PER_CYCLE) {
      const score = next++;
      sent.add(score);
      inFlight += 1;
      const afterSignal = signalled;
      try {
        const res = await fetch(`${server.url}/api/rpc/submit_high_score`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-chanterlab-key': KEY },
          body: JSON.stringify({
            params: { p_score: score, p_level: 1, p_local_user_id: localUserId, p_initials: 'AB' },
          }),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await res.text();
        if (res.status === 200) {
          const body = JSON.parse(text) as { data: { score: number }[] };
          if (body.data[0]?.score !== score) unexpected.push(`200 with wrong row: ${text}`);
          acknowledged.add(score);
          if (signalled && !afterSignal) acknowledgedAfterSigterm += 1;
          // Mid-stream, and preferably while the server itself is working on requests, so some
          // finish during the graceful close (their connections must not hold it open). PGlite
          // runs each request to completion in one turn of the event loop, so there the signal
          // can only fall between requests: it goes anyway after SIGTERM_PATIENCE more acks.
          if (
            acknowledged.size >= ACKS_BEFORE_SIGTERM &&
            (server.serverInFlight() > 0 ||
              acknowledged.size >= ACKS_BEFORE_SIGTERM + SIGTERM_PATIENCE)
          ) {
            sigterm();
          }
        } else if (res.status === 503 && signalled) {
          // The server is closing: not acknowledged, and no point sending more on this worker.
          break;
        } else {
          unexpected.push(`${res.status}: ${text.slice(0, 300)}`);
          if (!signalled) break;
        }
      } catch (error) {
        // After SIGTERM: connection refused or reset, the server stopped listening. Not
        // acknowledged. Before it, no request should fail.
        if (!signalled) unexpected.push(`request failed before SIGTERM: ${String(error)}`);
        break;
      } finally {
        inFlight -= 1;
      }
    }
  };

  const workers = Array.from({ length: CONCURRENCY }, worker);
  // If the cap is reached before ACKS_BEFORE_SIGTERM (everything failing), still stop the server.
  await Promise.race([Promise.all(workers), server.exited]);
  sigterm();
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 45_000);
  const finalExit = await server.exited;
  clearTimeout(timer);
  stopped = true;
  await Promise.all(workers);
  return {
    acknowledged,
    sent,
    inFlightAtSigterm,
    serverInFlightAtSigterm,
    acknowledgedAfterSigterm,
    unexpected,
    exit: exit ?? finalExit,
  };
}

function expectCleanExit(server: ServerProcess, exit: Exit) {
  const output = server.output();
  expect(exit, output).toEqual({ code: 0, signal: null });
  const lines = logLines(output);
  expect(
    lines.some((l) => l.msg === 'shutting down' && l.signal === 'SIGTERM'),
    output,
  ).toBe(true);
  expect(
    lines.some((l) => l.msg === 'closed cleanly'),
    output,
  ).toBe(true);
  expect(
    lines.filter((l) => (l.level ?? 0) >= 50),
    'no error or fatal log lines',
  ).toEqual([]);
  expect(output).not.toMatch(/timed out/);
}

async function expectHealthy(server: ServerProcess, kind: 'pglite' | 'postgres') {
  const res = await fetch(`${server.url}/api/health`);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok', database: { kind, reachable: true } });
}

async function storedScores(server: ServerProcess): Promise<Set<number>> {
  const res = await fetch(`${server.url}/api/data/tblblasterhighscore/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-chanterlab-key': KEY },
    body: JSON.stringify({ columns: ['score'], limit: 1000, count: true }),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const body = JSON.parse(text) as { data: { score: number }[]; count: number };
  expect(body.count, 'all rows fit in one page').toBeLessThanOrEqual(1000);
  expect(body.data).toHaveLength(body.count);
  return new Set(body.data.map((row) => Number(row.score)));
}

/**
 * PGlite's own verdict on a data directory: opened with debug output, PostgreSQL says either
 * 'database system was shut down' (clean) or 'was not properly shut down; automatic recovery'.
 * Runs in a separate process so the test runner holds no handle on the directory.
 */
async function pgliteStartupLog(dataDir: string): Promise<string> {
  const script = `
    import { PGlite } from '@electric-sql/pglite';
    const db = await PGlite.create({ dataDir: process.env.PGLITE_DIR, debug: 1 });
    await db.query('select 1');
    await db.close();
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    env: serverEnv({ PGLITE_DIR: dataDir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code, output).toBe(0);
  return output;
}

/**
 * The whole scenario on one database: CYCLES times start → stream writes → SIGTERM mid-stream
 * → clean exit → (check) → start again and find every acknowledged write.
 */
async function killAndRestartCycles(
  kind: 'pglite' | 'postgres',
  vars: Record<string, string>,
  afterExit?: () => Promise<void>,
) {
  const acknowledged = new Set<number>();
  const sent = new Set<number>();
  let server = await startServer(vars);
  await expectHealthy(server, kind);

  for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
    const quiet = cycle % 2 === 0;
    const result = await writeThenSigterm(server, cycle * 100_000, quiet);
    expect(result.unexpected, `cycle ${cycle}: unexpected answers`).toEqual([]);
    expect(result.acknowledged.size, `cycle ${cycle}: writes acknowledged`).toBeGreaterThanOrEqual(
      ACKS_BEFORE_SIGTERM,
    );
    expect(result.inFlightAtSigterm, `cycle ${cycle}: SIGTERM came mid-stream`).toBeGreaterThan(0);
    if (kind === 'postgres') {
      // Queries wait on the network here, so the server has requests in progress at SIGTERM.
      expect(
        result.serverInFlightAtSigterm,
        `cycle ${cycle}: requests in progress at SIGTERM`,
      ).toBeGreaterThan(0);
    }
    expectCleanExit(server, result.exit);
    for (const score of result.acknowledged) acknowledged.add(score);
    for (const score of result.sent) sent.add(score);

    if (afterExit) await afterExit();

    server = await startServer(vars);
    await expectHealthy(server, kind);
    const stored = await storedScores(server);
    const missing = [...acknowledged].filter((score) => !stored.has(score));
    expect(missing, `cycle ${cycle}: acknowledged writes missing after restart`).toEqual([]);
    const phantom = [...stored].filter((score) => !sent.has(score));
    expect(phantom, `cycle ${cycle}: rows nobody wrote`).toEqual([]);
  }

  // The last start closes cleanly too (no writes in flight).
  server.child.kill('SIGTERM');
  expectCleanExit(server, await server.exited);
}

describe('graceful shutdown keeps every acknowledged write', () => {
  it(
    `PGlite: SIGTERM during concurrent writes, restart on the same DATA_DIR, ${CYCLES} times`,
    { timeout: 600_000 },
    async () => {
      const dataDir = join(tempDir('chanterlab-shutdown-'), 'data');
      await killAndRestartCycles('pglite', { DATA_DIR: dataDir }, async () => {
        const log = await pgliteStartupLog(dataDir);
        expect(log, 'PGlite data directory was shut down cleanly').toContain(
          'database system was shut down',
        );
        expect(log).not.toMatch(/not properly shut down|automatic recovery|was interrupted/);
      });
    },
  );

  it.skipIf(!serverUrl)(
    'PostgreSQL (DATABASE_URL): SIGTERM during concurrent writes, restart, every acknowledged write present' +
      (serverUrl
        ? ''
        : ' — skipped: TEST_DATABASE_URL is not set (run through scripts/with-postgres.sh; .ci/run does)'),
    { timeout: 600_000 },
    async () => {
      const database = await emptyDatabase(serverUrl!, 'chanterlab_shutdown');
      cleanups.push(database.drop);
      const dataDir = join(tempDir('chanterlab-shutdown-pg-'), 'unused');
      await killAndRestartCycles('postgres', {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
      });
      // With DATABASE_URL set, PGlite is never opened.
      expect(existsSync(dataDir)).toBe(false);
    },
  );
});

describe('a bad configuration value stops the process', () => {
  async function runWithBadConfig(vars: Record<string, string>) {
    const dataDir = join(tempDir('chanterlab-badconfig-'), 'data');
    const server = spawnServer({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(tmpdir(), 'chanterlab-no-such-dist'),
      ADMIN_TOKEN,
      ...vars,
    });
    const exit = await server.exited;
    return { exit, output: server.output(), dataDir };
  }

  it('PORT=abc: exits non-zero, names PORT, opens no database', { timeout: 60_000 }, async () => {
    const { exit, output, dataDir } = await runWithBadConfig({ PORT: 'abc' });
    expect(exit.code, output).not.toBe(0);
    expect(exit.code, output).not.toBeNull();
    expect(output).toMatch(/\bPORT\b/);
    expect(existsSync(dataDir), 'the data directory is not created').toBe(false);
  });

  it(
    'a malformed DATABASE_URL: exits non-zero, names DATABASE_URL, never prints its value',
    { timeout: 60_000 },
    async () => {
      const secret = 'mysql://chanterlab:hunter2-password@db.internal/chanterlab';
      const { exit, output } = await runWithBadConfig({ PORT: '0', DATABASE_URL: secret });
      expect(exit.code, output).not.toBe(0);
      expect(exit.code, output).not.toBeNull();
      expect(output).toContain('DATABASE_URL');
      expect(output).not.toContain('hunter2-password');
    },
  );
});
