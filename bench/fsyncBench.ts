/**
 * What durability costs (issue 13.3, docs/decisions/014): score submissions per second over
 * real HTTP on PGlite in a data directory on disk, with fsync off (PGlite's default) and on
 * (Chanterlab's default), in the same run. Two alternating rounds of each; each setting keeps
 * its better round, so a burst of other work on a shared machine does not decide the ratio.
 * Prints a table, the ratio and one JSON line.
 *
 *   npm run bench:server -- --fsync
 *   BENCH_DATA_DIR=/var/lib/chanterlab-bench BENCH_SECONDS=5 npm run bench:server -- --fsync
 *
 * fsync cost depends on the disk under BENCH_DATA_DIR (default: the temp folder), so the JSON
 * names its filesystem.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { load, submissionRequests, type LoadResult } from './httpLoad.ts';
import { LIFTED_DAILY_CAPS } from '../src/server/services/dailyCapSettings.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROUNDS = 2;

function filesystemOf(dir: string): string {
  try {
    const lines = execFileSync('df', ['-T', dir], { encoding: 'utf8' }).trim().split('\n');
    const [device, type] = lines.at(-1)!.split(/\s+/);
    return `${type} on ${device}`;
  } catch {
    return 'unknown';
  }
}

async function measure(fsync: boolean, parent: string): Promise<LoadResult> {
  const dataDir = mkdtempSync(join(parent, `fsync-${fsync ? 'on' : 'off'}-`));
  const database = await openDatabase({ dataDir, fsync });
  await database.rows(sql`
    insert into tblblasterhighscore (score, level, struserinitials, local_user_id)
    select ((g::bigint * 7919) % 1000000)::int, (g % 5) + 1, 'BEN',
           ('00000000-0000-4000-8000-' || lpad((g % 1000)::text, 12, '0'))::uuid
    from generate_series(1, ${ROWS}) g`);
  await database.rows(sql`checkpoint`);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    STATIC_DIR: '/nonexistent',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000000',
    DAILY_WRITE_CAPS: LIFTED_DAILY_CAPS,
    SCORE_CACHE_MS: '0',
    SCORE_SESSIONS: 'optional',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const result = await load(
    `POST submit_high_score, fsync ${fsync ? 'on' : 'off'}`,
    `http://127.0.0.1:${address.port}`,
    submissionRequests,
    { seconds: SECONDS, connections: CONNECTIONS },
  );
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  return result;
}

export async function runFsyncBench(): Promise<void> {
  const parent = process.env.BENCH_DATA_DIR ?? tmpdir();
  mkdirSync(parent, { recursive: true });
  const filesystem = filesystemOf(parent);
  const loadBefore = loadavg()[0]!;
  const rounds: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push(await measure(false, parent), await measure(true, parent));
  }
  const best = (fsync: boolean) =>
    rounds
      .filter((r) => r.name.endsWith(fsync ? 'on' : 'off'))
      .reduce((a, b) => (a.requestsPerSecond >= b.requestsPerSecond ? a : b));
  const off = best(false);
  const on = best(true);
  const ratio = Number((on.requestsPerSecond / off.requestsPerSecond).toFixed(3));
  console.table(rounds);
  console.log(
    `submissions/s fsync on / off: ${ratio} (${on.requestsPerSecond} vs ${off.requestsPerSecond}); pglite on ${filesystem}, ${CONNECTIONS} connections`,
  );
  console.log(
    JSON.stringify({
      bench: 'server-fsync',
      engine: 'pglite',
      filesystem,
      rows: ROWS,
      connections: CONNECTIONS,
      seconds: SECONDS,
      machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`,
      loadAverage: { before: loadBefore, after: loadavg()[0] },
      fsyncOff: off,
      fsyncOn: on,
      ratio,
    }),
  );
}
