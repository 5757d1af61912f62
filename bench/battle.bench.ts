/**
 * Battle benchmark (issue 17 'Measured in benchmarks'), one instance: N concurrent matches
 * (2N simulated players in a worker thread, loopback only, bounded in count and time) playing
 * level-1 rounds, the answer → verdict round trip p50/p99 against the bare realtime socket's
 * ping → pong measured in the same run with the same number of sockets at the same pace, and
 * the server thread's busy share (event-loop utilisation) and heap per match. Prints a table
 * and one JSON line. Never part of `npm test`. Goal: battle p99 ≤ 1.5 × echo p99.
 *
 *   npm run bench:battle                                  (1,000 matches, 20 s each phase)
 *   BENCH_MATCHES=100 BENCH_SECONDS=10 npm run bench:battle
 *
 * Not yet: the two-instance run on PostgreSQL (cross-instance matches are the next step).
 */
import { cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { quantile } from './httpLoad.ts';
import { runPlayers, type PlayerLoad } from './battleLoad.ts';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const players = MATCHES * 2;

const database = await openDatabase({ dataDir: 'memory://' });
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  STATIC_DIR: './dist',
  REALTIME_MAX_CONNECTIONS: String(players + 100),
  PRUNE_INTERVAL_MINUTES: '0',
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('not listening');
const base = `http://127.0.0.1:${address.port}`;

const gc = (globalThis as { gc?: () => void }).gc;
function heapMb() {
  gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

async function phase(mode: 'echo' | 'battle') {
  console.log(`[bench] ${mode}: ${players} sockets for ${SECONDS} s…`);
  const heapBefore = heapMb();
  const elu = performance.eventLoopUtilization();
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed / 2 ** 20);
  }, 1_000);
  const result: PlayerLoad = await runPlayers(base, mode, players, SECONDS);
  clearInterval(sampler);
  const busy = performance.eventLoopUtilization(elu).utilization;
  const sorted = [...result.latencies].sort((a, b) => a - b);
  return {
    mode,
    samples: sorted.length,
    p50ms: sorted.length ? quantile(sorted, 0.5) : null,
    p99ms: sorted.length ? quantile(sorted, 0.99) : null,
    serverBusy: Number(busy.toFixed(3)),
    heapPerMatchKb: Number((((heapPeak - heapBefore) * 1024) / MATCHES).toFixed(1)),
    matchesStarted: result.matchesStarted,
    matchesFinished: result.matchesFinished,
    errors: result.errors.slice(0, 5),
  };
}

const echo = await phase('echo');
const battle = await phase('battle');
await app.close();
await database.close();

console.table([echo, battle].map(({ errors: _errors, ...row }) => row));
for (const r of [echo, battle])
  if (r.errors.length) console.log(`[bench] ${r.mode} errors:`, r.errors);
const ratio = echo.p99ms && battle.p99ms ? Number((battle.p99ms / echo.p99ms).toFixed(2)) : null;
console.log(`[bench] battle p99 / echo p99 = ${ratio} (goal ≤ 1.5)`);
console.log(
  JSON.stringify({
    bench: 'battle',
    matches: MATCHES,
    seconds: SECONDS,
    machine: { cpus: cpus().length, memoryGb: Math.round(totalmem() / 2 ** 30) },
    echo,
    battle,
    p99Ratio: ratio,
  }),
);
