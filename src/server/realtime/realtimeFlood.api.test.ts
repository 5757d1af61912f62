/**
 * Issue 13 item 8, 'prove memory stays bounded under a flood': the real server process
 * (`node --import tsx src/server/main.ts` with a memory probe preloaded, PGlite in a temporary DATA_DIR) on a loopback port,
 * attacked by a bounded number of sockets for a bounded amount of data. Before the fix, 5
 * sockets sending 64 MB frames took the server from 538 MB to 1 GB RSS. Here:
 *
 * - more sockets than REALTIME_MAX_CONNECTIONS: the extra ones are closed with 1013;
 * - half the admitted ones stream a 32 MiB message in 64 KiB fragments: closed with 1009 on the
 *   first fragment, before the server buffers it;
 * - the other half flood 4 KiB messages as fast as the socket takes them: closed with 1008;
 *
 * and the server's memory stays bounded: live memory (JS heap + external, read inside the server
 * by src/server/testing/memoryProbe.ts) held after the attack and sampled during it, and peak
 * RSS (VmHWM). Then SIGTERM: an open socket gets 1001 and the process exits 0. Linux only
 * (/proc), like the machines this project runs on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { REALTIME_CLOSE, REALTIME_MAX_MESSAGE_BYTES } from '../../contracts/realtimeLimits.ts';
import { openRealtime, WS_OPEN, type TestSocket } from '../testing/realtimeClient.ts';
import { freePort } from '../testing/freePort.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAX_CONNECTIONS = 24;
const EXTRA_SOCKETS = 8;
/** What each oversize socket tries to send, and in what pieces. */
const OVERSIZE_BYTES = 32 * 1024 * 1024;
const FRAGMENT_BYTES = 64 * 1024;
/** At most this many 4 KiB messages per flooding socket. */
const FLOOD_MESSAGES = 2000;
/**
 * Bounds on the server's growth during the attack, generous so a busy machine's garbage
 * collector cannot fail them, and far below what the attack cost before the fix: the 12
 * over-size sockets alone made the server hold 384 MiB. `retained` is live memory (JS heap +
 * external, where ws keeps received frames) after a full collection, with the attack's
 * sockets still open where the server let them be; `peak` the same sampled every 10 ms
 * during the attack, garbage included.
 */
const RETAINED_GROWTH_BOUND_MIB = 32;
const PEAK_GROWTH_BOUND_MIB = 128;
/**
 * RSS too, though it under-reports: after start the process keeps memory malloc has freed,
 * and new buffers reuse it without raising RSS.
 */
const RSS_GROWTH_BOUND_MIB = 128;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface MemoryReport {
  baseline: number;
  peak: number;
  retained: number;
}

/** Asks the server's memory probe (src/server/testing/memoryProbe.ts) and waits for its answer. */
function probe(child: ChildProcess, question: 'reset' | 'report'): Promise<MemoryReport> {
  return new Promise((resolve) => {
    const onMessage = (answer: unknown) => {
      if ((answer as { type?: unknown }).type !== question) return;
      child.off('message', onMessage);
      resolve(answer as MemoryReport);
    };
    child.on('message', onMessage);
    child.send(question);
  });
}

/** VmRSS or VmHWM (peak RSS) of a process, in KiB. */
function memoryKib(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
    readFileSync(`/proc/${pid}/status`, 'utf8'),
  );
  if (!match) throw new Error(`no ${field} for ${pid}`);
  return Number(match[1]);
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'chanterlab-flood-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      '--import',
      './src/server/testing/memoryProbe.ts',
      'src/server/main.ts',
    ],
    {
      cwd: ROOT,
      env: {
        ...env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        STATIC_DIR: join(tmpdir(), 'chanterlab-no-such-dist'),
        LOG_LEVEL: 'info',
        REALTIME_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
        // All sockets come from 127.0.0.1: here the total cap is the one that bites.
        REALTIME_MAX_CONNECTIONS_PER_CLIENT: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  // Listening is logged once, after migrations: wait for that line (or an early exit).
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Chanterlab is listening')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  await listening;
  return { child, url: `http://127.0.0.1:${port}`, exited, output: () => output };
}

/** Sends with the socket's own backpressure until `count` sends or the server closes it. */
async function sendWhileOpen(socket: TestSocket, count: number, data: Buffer, fin: boolean) {
  for (let i = 0; i < count && socket.ws.readyState === WS_OPEN; i += 1) {
    const sent = await new Promise<boolean>((resolve) =>
      socket.ws.send(data, { fin }, (error) => resolve(!error)),
    );
    if (!sent) return;
    // Writes that the kernel takes at once call back without ever yielding to I/O: yield, so
    // this client reads the server's close frame as a real one would, instead of writing on
    // until the server gives up waiting for its answer and cuts the connection (1006).
    await new Promise((resolve) => setImmediate(resolve));
  }
}

it('issue 13.8: a flood of over-size frames, message floods and extra sockets is closed with 1009, 1008 and 1013 while server memory stays bounded; SIGTERM closes sockets with 1001', async () => {
  const server = await startServer();
  const pid = server.child.pid!;

  // Warm the paths the attack uses so their first-use cost is not counted.
  const warm = openRealtime(server.url);
  expect(await warm.outcome).toEqual({ kind: 'welcome' });
  warm.ws.send(JSON.stringify({ type: 'ping' }));
  expect((await warm.message(1)).type).toBe('pong');
  warm.ws.close();
  await warm.closed;

  const { baseline } = await probe(server.child, 'reset');
  const beforeKib = memoryKib(pid, 'VmRSS');
  // Linux: writing 5 resets the peak RSS to the current RSS.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');

  const sockets = Array.from({ length: MAX_CONNECTIONS + EXTRA_SOCKETS }, () =>
    openRealtime(server.url),
  );
  const outcomes = await Promise.all(sockets.map((s) => s.outcome));
  const admitted = sockets.filter((_, i) => outcomes[i]!.kind === 'welcome');
  const refused = outcomes.filter((o) => o.kind !== 'welcome');
  expect(admitted).toHaveLength(MAX_CONNECTIONS);
  expect(refused).toHaveLength(EXTRA_SOCKETS);
  for (const outcome of refused) {
    expect(outcome).toMatchObject({ kind: 'closed', code: REALTIME_CLOSE.tryAgainLater });
  }

  const oversize = admitted.slice(0, MAX_CONNECTIONS / 2);
  const flooding = admitted.slice(MAX_CONNECTIONS / 2);
  const fragment = Buffer.alloc(FRAGMENT_BYTES, 0x61);
  const message = Buffer.from(
    JSON.stringify({ type: 'ping', pad: 'x'.repeat(REALTIME_MAX_MESSAGE_BYTES - 40) }),
  );
  expect(message.length).toBeLessThanOrEqual(REALTIME_MAX_MESSAGE_BYTES);
  await Promise.all([
    ...oversize.map((s) => sendWhileOpen(s, OVERSIZE_BYTES / FRAGMENT_BYTES, fragment, false)),
    ...flooding.map((s) => sendWhileOpen(s, FLOOD_MESSAGES, message, true)),
  ]);
  // Before the fix the server still held every over-size socket's fragments here.
  const { peak, retained } = await probe(server.child, 'report');
  for (const socket of oversize) {
    expect((await socket.closed).code, server.output().slice(-3000)).toBe(REALTIME_CLOSE.tooBig);
  }
  for (const socket of flooding) {
    expect(await socket.closed, server.output().slice(-3000)).toEqual({
      code: REALTIME_CLOSE.policy,
      reason: 'Too many messages',
    });
  }

  const peakKib = memoryKib(pid, 'VmHWM');
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const growth = {
    retained: mib(retained - baseline),
    peak: mib(peak - baseline),
    rss: mib((peakKib - beforeKib) * 1024),
  };
  console.info(
    `issue 13.8 flood: server heap+external ${mib(baseline)} MiB before; after the attack +${growth.retained} MiB held (bound ${RETAINED_GROWTH_BOUND_MIB}), +${growth.peak} MiB at the sampled peak (bound ${PEAK_GROWTH_BOUND_MIB}); RSS ${mib(beforeKib * 1024)} MiB before, peak +${growth.rss} MiB (bound ${RSS_GROWTH_BOUND_MIB})`,
  );
  expect(Number(growth.retained)).toBeLessThan(RETAINED_GROWTH_BOUND_MIB);
  expect(Number(growth.peak)).toBeLessThan(PEAK_GROWTH_BOUND_MIB);
  expect(Number(growth.rss)).toBeLessThan(RSS_GROWTH_BOUND_MIB);

  // Shutdown: a socket open at SIGTERM is told 1001, and the process exits cleanly.
  const last = openRealtime(server.url);
  let outcome = await last.outcome;
  // The server frees a slot when it sees the connection close, which may trail the client's
  // view of it: a refused attempt says 'try again later', so do, a bounded number of times.
  let retry = last;
  for (let attempt = 0; outcome.kind !== 'welcome' && attempt < 50; attempt += 1) {
    expect(outcome).toMatchObject({ kind: 'closed', code: REALTIME_CLOSE.tryAgainLater });
    retry = openRealtime(server.url);
    outcome = await retry.outcome;
  }
  expect(outcome).toEqual({ kind: 'welcome' });
  server.child.kill('SIGTERM');
  expect(await retry.closed).toEqual({
    code: REALTIME_CLOSE.goingAway,
    reason: 'Server shutting down',
  });
  expect(await server.exited).toBe(0);
}, 120_000);
