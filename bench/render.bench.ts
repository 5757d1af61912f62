/**
 * Notation benchmark (issue 6 item 5): render every tune of the shared BWW corpus
 * (../shared/corpus/bww) as pipe music in Chromium, several rounds, and report the median and
 * p95 milliseconds per tune — all tunes, and one-page tunes (≤ 12 staves at 1280 px) against the
 * 25 ms target — and how many tunes fail to render (target 0). Prints a table and one JSON line.
 * Never part of `npm test`: a shared machine makes the figures noisy.
 *
 * The time is MusicNotation's own `data-render-ms`: laying the tune out and drawing it with
 * VexFlow, synchronously, on the /render-test bed (src/web/ui/notation/ScoreTestBed.tsx).
 *
 *   npm run bench:render                      (builds into a temp dir unless STATIC_DIR is set)
 *   STATIC_DIR=/tmp/dist BENCH_ROUNDS=9 npm run bench:render
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { closePage, launchBrowser, newPage } from '../e2e/fixtures/browser.ts';
import { renderOnTestBed } from '../e2e/fixtures/renderOnTestBed.ts';
import { repoRoot, startServer } from '../e2e/fixtures/server.ts';
import { corpusDir, readCorpus } from '../src/music/bww/testing/readCorpus.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ONE_PAGE_STAVES = 12;
const TARGET_MS = 25;

const files = readCorpus();
if (files.length === 0) {
  console.error(`no corpus at ${corpusDir}`);
  process.exit(1);
}

function staticDir(): string {
  if (process.env.STATIC_DIR) return resolve(repoRoot, process.env.STATIC_DIR);
  const out = mkdtempSync(join(tmpdir(), 'chanterlab-render-bench-'));
  console.log(`building the app into ${out} …`);
  execFileSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--outDir',
      out,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  return out;
}

const dir = staticDir();
if (!existsSync(join(dir, 'index.html'))) {
  console.error(`${dir} has no index.html`);
  process.exit(1);
}

interface TuneResult {
  readonly file: string;
  readonly tune: number;
  readonly times: number[];
  staves: number;
  failed: boolean;
}

const server = await startServer({ env: { STATIC_DIR: dir } });
const browser = await launchBrowser();
const results = new Map<string, TuneResult>();
let emptyFiles = 0;
try {
  const page = await newPage(browser, { width: 1280, height: 900 });
  await page.goto(`${server.url}/render-test`);
  const input = page.getByLabel('Open a BWW file');
  await input.waitFor({ timeout: 30_000 });
  let run = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const file of files) {
      run++;
      const tunes = await renderOnTestBed(page, input, file, run);
      if (round === 0 && tunes.length === 0) emptyFiles++;
      tunes.forEach((t, i) => {
        const key = `${file.name}#${i}`;
        const result = results.get(key) ?? {
          file: file.name,
          tune: i,
          times: [],
          staves: 0,
          failed: false,
        };
        if (Number.isFinite(t.ms) && !t.failed) result.times.push(t.ms);
        result.failed ||= t.failed;
        result.staves = Math.max(result.staves, t.staves);
        results.set(key, result);
      });
    }
  }
  if (page.consoleErrors.length > 0) {
    console.log(`console errors:\n${page.consoleErrors.slice(0, 10).join('\n')}`);
  }
  await closePage(page);
} finally {
  await browser.close();
  await server.stop();
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

const tunes = [...results.values()];
const failures = tunes.filter((t) => t.failed || t.times.length === 0);
const perTune = (group: readonly TuneResult[]) =>
  group.filter((t) => t.times.length > 0).map((t) => quantile(t.times, 0.5));
const summary = (name: string, group: readonly TuneResult[]) => {
  const medians = perTune(group);
  return {
    group: name,
    tunes: medians.length,
    medianMs: Number(quantile(medians, 0.5).toFixed(1)),
    p95Ms: Number(quantile(medians, 0.95).toFixed(1)),
    maxMs: Number(Math.max(...medians).toFixed(1)),
  };
};
const rows = [
  summary('all tunes', tunes),
  summary(
    `one-page (≤ ${ONE_PAGE_STAVES} staves)`,
    tunes.filter((t) => t.staves <= ONE_PAGE_STAVES),
  ),
  summary(
    'longer',
    tunes.filter((t) => t.staves > ONE_PAGE_STAVES),
  ),
];
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()[0]?.toFixed(1)}`;
console.log(
  `Pipe notation render: ${files.length} files, ${tunes.length} tunes × ${ROUNDS} rounds at 1280 px (ms per tune, median of rounds; ${machine})`,
);
console.table(rows);
console.log(
  `failures: ${failures.length}${failures.length ? ` (${failures.map((f) => `${f.file}#${f.tune}`).join(', ')})` : ''}; files without a tune: ${emptyFiles}; one-page target ${TARGET_MS} ms median`,
);
console.log(
  JSON.stringify({
    bench: 'render',
    files: files.length,
    tunes: tunes.length,
    rounds: ROUNDS,
    failures: failures.length,
    emptyFiles,
    targetMs: TARGET_MS,
    machine,
    groups: rows,
  }),
);
