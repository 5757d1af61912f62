/**
 * API throughput benchmark: the data layer's leaderboard query against a trivial JSON handler
 * (the baseline) in the same run, on the same machine, over real HTTP on loopback. Prints a
 * table, the ratio, and one JSON line. Never part of `npm test` (noisy shared machines).
 *
 *   npm run bench:api            (PGlite in memory)
 *   BENCH_SECONDS=5 npm run bench:api
 */
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { LIFTED_DAILY_CAPS } from '../src/server/services/dailyCapSettings.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const KEY = { 'x-chanterlab-key': 'chanterlab-anon', 'content-type': 'application/json' };

const config = loadConfig({
  LOG_LEVEL: 'silent',
  STATIC_DIR: '/nonexistent',
  WRITE_RATE_LIMIT_PER_MINUTE: '1000000',
  DAILY_WRITE_CAPS: LIFTED_DAILY_CAPS,
  SCORE_SESSIONS: 'optional',
});
const database = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
const base = `http://127.0.0.1:${address.port}`;

// Seed scores across five levels.
const users = Array.from({ length: 50 }, () => randomUUID());
for (let i = 0; i < ROWS; i++) {
  await app.inject({
    method: 'POST',
    url: '/api/rpc/submit_high_score',
    headers: KEY,
    payload: {
      params: {
        p_score: (i * 7919) % 100000,
        p_level: (i % 5) + 1,
        p_local_user_id: users[i % 50]!,
        p_initials: 'BEN',
      },
    },
  });
}

async function measure(name: string, request: () => Promise<Response>) {
  const deadline = performance.now() + SECONDS * 1000;
  let count = 0;
  let errors = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const res = await request();
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.ok) count++;
        else errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    name,
    requestsPerSecond: Math.round(count / SECONDS),
    p50ms: Number(latencies[Math.floor(latencies.length * 0.5)]!.toFixed(2)),
    p99ms: Number(latencies[Math.floor(latencies.length * 0.99)]!.toFixed(2)),
    errors,
  };
}

const baseline = await measure('GET /api/hello (baseline)', () => fetch(`${base}/api/hello`));
const leaderboard = await measure('leaderboard query (level 3 top 10)', () =>
  fetch(`${base}/api/data/tblblasterhighscore/query`, {
    method: 'POST',
    headers: KEY,
    body: JSON.stringify({ filters: { level: 3 }, orderBy: 'score', limit: 10 }),
  }),
);
await app.close();

console.table([baseline, leaderboard]);
const ratio = leaderboard.requestsPerSecond / baseline.requestsPerSecond;
console.log(`leaderboard / baseline throughput ratio: ${ratio.toFixed(2)}`);
console.log(
  JSON.stringify({
    bench: 'api',
    rows: ROWS,
    concurrency: CONCURRENCY,
    seconds: SECONDS,
    baseline,
    leaderboard,
    ratio: Number(ratio.toFixed(3)),
  }),
);
