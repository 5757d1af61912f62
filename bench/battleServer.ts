/**
 * One server instance for bench:battle, in its own process (so two can share a PostgreSQL
 * database as two deployments would). The parent talks over IPC:
 *   → { port }                       once listening
 *   ← 'mark'  → { type: 'marked' }   starts a measurement (CPU time, event-loop use, heap)
 *   ← 'stats' → { type: 'stats', cpuMs, wallMs, busy, heapMb, rssMb, heapGrowthMb, matches }
 *   ← 'stop'                         closes the app and exits
 * DATABASE_URL set: PostgreSQL (LISTEN/NOTIFY between instances); else PGlite in memory.
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';

const sockets = Number(process.env.BENCH_SOCKETS ?? 4_000);
const databaseUrl = process.env.DATABASE_URL;
const database = await openDatabase(
  databaseUrl ? { databaseUrl, migrate: true, poolSize: 10 } : { dataDir: 'memory://' },
);
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  STATIC_DIR: './dist',
  REALTIME_MAX_CONNECTIONS: String(sockets + 100),
  PRUNE_INTERVAL_MINUTES: '0',
});
const app = await buildApp({
  config,
  database,
  logger: false,
  battle: { limits: { maxMatches: sockets } },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('not listening');

const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => process.memoryUsage().heapUsed / 2 ** 20;
let mark = {
  cpu: process.cpuUsage(),
  wall: performance.now(),
  elu: performance.eventLoopUtilization(),
  heap: 0,
};
let heapPeak = 0;
setInterval(() => (heapPeak = Math.max(heapPeak, heapMb())), 500).unref();

process.on('message', (message) => {
  if (message === 'mark') {
    gc?.();
    mark = {
      cpu: process.cpuUsage(),
      wall: performance.now(),
      elu: performance.eventLoopUtilization(),
      heap: heapMb(),
    };
    heapPeak = mark.heap;
    process.send!({ type: 'marked' });
  } else if (message === 'stats') {
    const cpu = process.cpuUsage(mark.cpu);
    process.send!({
      type: 'stats',
      cpuMs: (cpu.user + cpu.system) / 1000,
      wallMs: performance.now() - mark.wall,
      busy: performance.eventLoopUtilization(mark.elu).utilization,
      heapGrowthMb: heapPeak - mark.heap,
      rssMb: process.memoryUsage().rss / 2 ** 20,
    });
  } else if (message === 'stop') {
    void app.close().then(() => process.exit(0));
  }
});
process.send!({ type: 'listening', port: address.port });
