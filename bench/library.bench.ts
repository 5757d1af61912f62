/**
 * `npm run bench:library` (issue 15, 'Measured, in benchmarks'): library search over 10,000
 * generated tunes on PGlite and on PostgreSQL — p50 and p95 per query kind (title with a typo,
 * alias, type + time filter, composer, featured) against a plain indexed lookup by id in the
 * same run. Goal: p95 ≤ 20 ms. Prints a table and one JSON line; never fails on a slow machine.
 *
 *   npm run bench:library                                   (PGlite, then a throwaway cluster)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:library   (PostgreSQL server of your own)
 *   LIBRARY_BENCH_TUNES=2000 LIBRARY_BENCH_ROUNDS=50 …      (smaller runs)
 *
 * The timed call is the search service itself (services/library/searchTunes.ts: the query and
 * the page's settings and previews), not HTTP, so the figures are the database's share.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { TUNE_TYPES, type TuneType } from '../src/contracts/library/libraryTerms.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { library_settings, library_tunes } from '../src/server/db/schema/index.ts';
import { searchTunes, type SearchQuery } from '../src/server/services/library/searchTunes.ts';
import { ANONYMOUS } from '../src/server/services/library/visibleSettingFilter.ts';
import { searchTextOf } from '../src/server/services/library/tuneText.ts';
import {
  postgresBinDir,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../src/server/testing/throwawayPostgres.ts';

const TUNES = Number(process.env.LIBRARY_BENCH_TUNES) || 10_000;
const ROUNDS = Number(process.env.LIBRARY_BENCH_ROUNDS) || 200;
const WARMUP = 20;
const GOAL_P95_MS = 20;

/** A seeded generator: the same library and queries on every run and database. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    int: (max: number) => Math.floor(next() * max),
  };
}

const WORDS =
  `glen loch ben castle highland lament farewell welcome march reel jig lass laddie piper
  drummer brave bonnie auld green hills road river shore isle skye lewis harris uist mull
  barra morag mairi flora donald angus ewan duncan kenneth colin murdo hector neil rory
  bridge mill kirk braes burn strath corrie moor mist thistle heather rose crown sword shield
  clan chief king queen prince lady lord captain major sergeant regiment battalion highlanders
  return parting meeting wedding gathering games homecoming dawn evening night morning
  winter summer autumn spring northern western eastern southern old new little big`
    .split(/\s+/)
    .filter(Boolean);
const SURNAMES = `MacLeod MacDonald MacKay MacLean MacKenzie MacRae Ross Fraser Campbell Robertson
  Stewart Grant Murray Cameron Gordon MacPherson MacIntyre Morrison Matheson Sutherland`
  .split(/\s+/)
  .filter(Boolean);
const FIRST = `John Donald William Angus James Alexander Robert Hugh Peter George`.split(/\s+/);
const TIME_FOR: Record<TuneType, readonly string[]> = {
  '2/4 march': ['2/4'],
  '6/8 march': ['6/8'],
  '3/4 march': ['3/4'],
  '4/4 march': ['4/4', 'C'],
  retreat: ['3/4', '9/8'],
  strathspey: ['4/4', 'C'],
  reel: ['2/2', '4/4'],
  jig: ['6/8', '12/8'],
  hornpipe: ['2/4', '4/4'],
  'slow air': ['3/4', '4/4', '6/8'],
  piobaireachd: ['other'],
  other: ['3/4', '2/4'],
};
const PITCHES = ['LG', 'LA', 'B', 'C', 'D', 'E', 'F', 'HG', 'HA'];

interface Generated {
  titles: string[];
  aliases: string[];
  composers: string[];
}

function titleOf(r: ReturnType<typeof random>): string {
  const words = Array.from({ length: 2 + r.int(3) }, () => r.pick(WORDS));
  const title = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
  return r.next() < 0.3 ? `The ${title}` : title;
}

async function fill(database: Database): Promise<Generated> {
  const r = random(15);
  const generated: Generated = { titles: [], aliases: [], composers: [] };
  const BATCH = 500;
  for (let start = 0; start < TUNES; start += BATCH) {
    const tunes: (typeof library_tunes.$inferInsert)[] = [];
    const melodies: string[] = [];
    for (let i = start; i < Math.min(TUNES, start + BATCH); i++) {
      const title = titleOf(r);
      const aliases = r.next() < 0.3 ? [titleOf(r)] : [];
      const type = r.pick(TUNE_TYPES);
      const composer = r.next() < 0.5 ? 'Traditional' : `${r.pick(FIRST)} ${r.pick(SURNAMES)}`;
      generated.titles.push(title);
      generated.aliases.push(...aliases);
      generated.composers.push(composer);
      tunes.push({
        slug: `tune-${i}`,
        title,
        aliases,
        type,
        time_signature: r.pick(TIME_FOR[type]),
        composer,
        search_text: searchTextOf(title, aliases),
        featured_at:
          r.next() < 0.01 ? new Date(Date.UTC(2026, 0, 1 + r.int(300))).toISOString() : null,
      });
      melodies.push(Array.from({ length: 48 }, () => r.pick(PITCHES)).join(' '));
    }
    const ids = await database.db
      .insert(library_tunes)
      .values(tunes)
      .returning({ id: library_tunes.id });
    await database.db.insert(library_settings).values(
      ids.map((row, i) => ({
        tune_id: row.id,
        bww: `Bagpipe Reader:1.0\n"${tunes[i]!.title}",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n\n& sharpf sharpc 2_4\n\t${melodies[
          i
        ]!.split(' ')
          .slice(0, 16)
          .map((p) => `${p}_4`)
          .join(' ')} !t\n`,
        licence: 'public-domain',
        // One tune in ten has only a private setting: search must leave it out.
        visibility: i % 10 === 9 ? 'private' : 'public',
        melody: melodies[i]!,
      })),
    );
  }
  await database.rows(sql`analyze library_tunes`);
  await database.rows(sql`analyze library_settings`);
  return generated;
}

/** One typo: a letter dropped, doubled or swapped with its neighbour. */
function typo(text: string, r: ReturnType<typeof random>): string {
  const at = 1 + r.int(Math.max(1, text.length - 2));
  const kind = r.int(3);
  if (kind === 0) return text.slice(0, at) + text.slice(at + 1);
  if (kind === 1) return text.slice(0, at) + text[at] + text.slice(at);
  return text.slice(0, at - 1) + text[at] + text[at - 1] + text.slice(at + 1);
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

interface Row {
  database: string;
  kind: string;
  /** The fastest call: on a loaded machine, the nearest to what the query costs alone. */
  minMs: number;
  p50Ms: number;
  p95Ms: number;
  p95VsById: number;
  meanResults: number;
}

async function measure(
  database: Database,
  label: string,
  generated: Generated,
): Promise<{ rows: Row[]; typoHitRate: number }> {
  const r = random(2026);
  const ids = (
    await database.rows<{ id: string }>(sql`select id from library_tunes order by slug limit 500`)
  ).map((row) => row.id);
  const base = { limit: 20, offset: 0 } as const;
  const typoTitles: string[] = [];
  const kinds: Record<string, () => SearchQuery> = {
    'title with typo': () => {
      const title = r.pick(generated.titles);
      typoTitles.push(title);
      return { ...base, q: typo(title, r) };
    },
    alias: () => ({ ...base, q: r.pick(generated.aliases) }),
    'type + time': () => {
      const type = r.pick(TUNE_TYPES);
      return { ...base, type, time: r.pick(TIME_FOR[type]) as SearchQuery['time'] };
    },
    composer: () => ({ ...base, composer: r.pick(SURNAMES).toLowerCase() }),
    featured: () => ({ ...base, featured: true }),
  };
  const timings = async (run: () => Promise<number>) => {
    const times: number[] = [];
    let results = 0;
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const started = performance.now();
      const n = await run();
      const elapsed = performance.now() - started;
      if (i >= WARMUP) {
        times.push(elapsed);
        results += n;
      }
    }
    times.sort((a, b) => a - b);
    return {
      min: times[0]!,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      mean: results / ROUNDS,
    };
  };
  const byId = await timings(async () => {
    const rows = await database.db
      .select()
      .from(library_tunes)
      .where(eq(library_tunes.id, r.pick(ids)));
    return rows.length;
  });
  const rows: Row[] = [
    {
      database: label,
      kind: 'lookup by id',
      minMs: round(byId.min),
      p50Ms: round(byId.p50),
      p95Ms: round(byId.p95),
      p95VsById: 1,
      meanResults: byId.mean,
    },
  ];
  let hits = 0;
  let asked = 0;
  for (const [kind, make] of Object.entries(kinds)) {
    const result = await timings(async () => {
      const query = make();
      const answer = await searchTunes(database, ANONYMOUS, query);
      if (kind === 'title with typo') {
        asked++;
        const wanted = typoTitles[typoTitles.length - 1]!;
        if (answer.tunes.slice(0, 5).some((tune) => tune.title === wanted)) hits++;
      }
      return answer.tunes.length;
    });
    rows.push({
      database: label,
      kind,
      minMs: round(result.min),
      p50Ms: round(result.p50),
      p95Ms: round(result.p95),
      p95VsById: round(result.p95 / byId.p95),
      meanResults: round(result.mean),
    });
  }
  return { rows, typoHitRate: round(hits / Math.max(1, asked)) };
}

const round = (value: number) => Number(value.toFixed(2));

const results: { database: string; rows: Row[]; typoHitRate: number; fillSeconds: number }[] = [];

async function run(label: string, open: () => Promise<Database>) {
  const database = await open();
  try {
    const started = performance.now();
    const generated = await fill(database);
    const fillSeconds = round((performance.now() - started) / 1000);
    console.log(`[bench] ${label}: ${TUNES} tunes in ${fillSeconds} s; measuring…`);
    const measured = await measure(database, label, generated);
    results.push({ database: label, ...measured, fillSeconds });
  } finally {
    await database.close();
  }
}

let cluster: ThrowawayPostgres | undefined;
try {
  await run('PGlite', () => openDatabase({ dataDir: 'memory://' }));
  let serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl && postgresBinDir()) {
    console.log('[bench] starting a throwaway PostgreSQL cluster…');
    cluster = await startThrowawayPostgres();
    serverUrl = cluster.url;
  }
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query('drop database if exists chanterlab_library_bench');
    await admin.query('create database chanterlab_library_bench');
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = '/chanterlab_library_bench';
    await run('PostgreSQL', () => openDatabase({ databaseUrl: url.toString(), poolSize: 2 }));
  } else {
    console.warn('[bench] no PostgreSQL binaries and no BENCH_DATABASE_URL: PostgreSQL skipped');
  }
} finally {
  await cluster?.destroy();
}

const rows = results.flatMap((result) => result.rows);
console.table(rows);
for (const result of results) {
  const worst = Math.max(
    ...result.rows.filter((r) => r.kind !== 'lookup by id').map((r) => r.p95Ms),
  );
  console.log(
    `${result.database}: worst search p95 ${worst} ms (goal ≤ ${GOAL_P95_MS} ms); typo'd title in the top 5 for ${Math.round(result.typoHitRate * 100)}% of queries`,
  );
}
console.log(
  JSON.stringify({
    bench: 'library',
    tunes: TUNES,
    rounds: ROUNDS,
    goalP95Ms: GOAL_P95_MS,
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`,
    loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
    results,
  }),
);
