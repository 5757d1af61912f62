/**
 * Battle benchmark (issue 17 'Measured in benchmarks'). Every server instance runs in a process
 * of its own (bench/battleServer.ts) and the simulated players in another
 * (bench/battlePlayers.mjs), all on loopback, bounded in count and time:
 *
 * 1. one instance: N concurrent matches (2N players) playing level-1 rounds; the answer →
 *    verdict round trip p50/p99 against the bare realtime socket's ping → pong measured in the
 *    same run with the same number of sockets at the same pace (goal: battle p99 ≤ 1.5 × echo
 *    p99), and the server's CPU time and memory per match;
 * 2. with PostgreSQL (DATABASE_URL or TEST_DATABASE_URL, e.g. under scripts/with-postgres.sh):
 *    two instances on one database, every room made on the first and joined on the second, so
 *    every match is played across instances over LISTEN/NOTIFY (goal: cross-instance p99 ≤ 2 ×
 *    the one-instance battle p99 of this run, which then also runs on PostgreSQL).
 *
 * Prints a table, the ratios and one JSON line. Never part of `npm test`.
 *
 *   npm run bench:battle                                     (1,000 matches, 20 s a phase)
 *   bash scripts/with-postgres.sh npm run bench:battle       (adds the two-instance run)
 *   BENCH_MATCHES=100 BENCH_SECONDS=10 npm run bench:battle
 */
import { fork, type ChildProcess } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { quantile } from './httpLoad.ts';
import { runPlayers, type PlayerLoad } from './battleLoad.ts';

const MATCHES = Math.min(Number(process.env.BENCH_MATCHES ?? 1_000), 5_000);
const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 20), 120);
const players = MATCHES * 2;
const databaseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const SERVER = fileURLToPath(new URL('./battleServer.ts', import.meta.url));

interface Server {
  base: string;
  child: ChildProcess;
  ask<T>(message: string, reply: string): Promise<T>;
}

interface ServerStats {
  cpuMs: number;
  wallMs: number;
  busy: number;
  heapGrowthMb: number;
  rssMb: number;
}

async function startServer(): Promise<Server> {
  const child = fork(SERVER, [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_SOCKETS: String(players),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T>(message: string, reply: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { type?: string }) => {
        if (m.type !== reply) return;
        child.off('message', on);
        resolve(m as T);
      };
      child.on('message', on);
      if (message) child.send(message);
    });
  const { port } = await ask<{ port: number }>('', 'listening');
  return { base: `http://127.0.0.1:${port}`, child, ask };
}

async function stop(server: Server) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.send('stop');
  await exited;
}

const load1 = () => Number(loadavg()[0]!.toFixed(2));

async function phase(label: string, servers: readonly Server[], mode: 'echo' | 'battle') {
  console.log(`[bench] ${label}: ${players} sockets for ${SECONDS} s (load ${load1()})…`);
  const loadBefore = load1();
  await Promise.all(servers.map((s) => s.ask('mark', 'marked')));
  const result: PlayerLoad = await runPlayers(
    servers.map((s) => s.base),
    mode,
    players,
    SECONDS,
  );
  const stats = await Promise.all(servers.map((s) => s.ask<ServerStats>('stats', 'stats')));
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const cpuMs = stats.reduce((sum, s) => sum + s.cpuMs, 0);
  const wallMs = Math.max(...stats.map((s) => s.wallMs));
  return {
    phase: label,
    samples: sorted.length,
    p50ms: sorted.length ? Number(quantile(sorted, 0.5).toFixed(1)) : null,
    p99ms: sorted.length ? Number(quantile(sorted, 0.99).toFixed(1)) : null,
    /** Server CPU (all instances), as a share of one core over the phase. */
    serverCpu: Number((cpuMs / wallMs).toFixed(3)),
    serverCpuMsPerMatchSecond: Number((cpuMs / MATCHES / (wallMs / 1000)).toFixed(3)),
    serverBusy: stats.map((s) => Number(s.busy.toFixed(3))),
    heapPerMatchKb: Number(
      ((stats.reduce((sum, s) => sum + s.heapGrowthMb, 0) * 1024) / MATCHES).toFixed(1),
    ),
    rssMb: stats.map((s) => Math.round(s.rssMb)),
    matchesStarted: result.matchesStarted,
    matchesFinished: result.matchesFinished,
    load: [loadBefore, load1()],
    errors: result.errors.slice(0, 5),
  };
}

const one = await startServer();
const echo = await phase('echo', [one], 'echo');
const battle = await phase('battle, one instance', [one], 'battle');
await stop(one);

let cross: Awaited<ReturnType<typeof phase>> | null = null;
if (databaseUrl) {
  // Started one after the other: the first applies the migrations.
  const a = await startServer();
  const b = await startServer();
  cross = await phase('battle, two instances', [a, b], 'battle');
  await Promise.all([stop(a), stop(b)]);
} else {
  console.log('[bench] no DATABASE_URL: the two-instance run needs PostgreSQL; skipped');
}

const rows = [echo, battle, ...(cross ? [cross] : [])];
console.table(rows.map(({ errors: _errors, ...row }) => row));
for (const r of rows) if (r.errors.length) console.log(`[bench] ${r.phase} errors:`, r.errors);
const ratio = (a: number | null, b: number | null) => (a && b ? Number((a / b).toFixed(2)) : null);
const p99Ratio = ratio(battle.p99ms, echo.p99ms);
const crossRatio = cross ? ratio(cross.p99ms, battle.p99ms) : null;
console.log(`[bench] battle p99 / echo p99 = ${p99Ratio} (goal ≤ 1.5)`);
if (cross) console.log(`[bench] two-instance p99 / one-instance p99 = ${crossRatio} (goal ≤ 2)`);
console.log(
  JSON.stringify({
    bench: 'battle',
    matches: MATCHES,
    seconds: SECONDS,
    database: databaseUrl ? 'postgres' : 'pglite',
    machine: { cpus: cpus().length, memoryGb: Math.round(totalmem() / 2 ** 30) },
    echo,
    battle,
    cross,
    p99Ratio,
    crossRatio,
  }),
);
