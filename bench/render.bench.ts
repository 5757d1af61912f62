/**
 * Notation benchmark (issue 6 item 5): render every tune of the shared BWW corpus
 * (../shared/corpus/bww) as pipe music in Chromium, several rounds, and report the median and
 * p95 milliseconds per tune — all tunes, and one-page tunes (≤ 12 staves at 1280 px) against the
 * 25 ms target — and how many tunes fail to render (target 0), with the ratio of our time to a
 * plain-DOM baseline measured in the same run (see domFloor). Prints a table and one JSON line.
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
  /** Time to build the same SVG tree node by node with plain DOM calls (the floor). */
  readonly floors: number[];
  staves: number;
  failed: boolean;
}

/**
 * The baseline, measured in the same run on the same page: for each drawn score, the time to
 * build its finished SVG again node by node (createElementNS, setAttribute, text) into a
 * detached element — the DOM work any renderer of this exact drawing must do, with no layout or
 * music logic. The printed ratio (our time ÷ this floor) does not depend on how busy the shared
 * machine is, as the milliseconds do.
 */
// A string, not a function: tsx's name-keeping helper does not exist inside the page.
const domFloor = `(() => {
  const copy = (from) => {
    const to = document.createElementNS(from.namespaceURI, from.localName);
    for (const a of Array.from(from.attributes)) {
      // Through the CSSOM, as the renderer does: a style attribute is refused by our CSP.
      if (a.name === 'style') to.style.cssText = a.value;
      else to.setAttribute(a.name, a.value);
    }
    for (const child of Array.from(from.childNodes)) {
      if (child.nodeType === Node.ELEMENT_NODE) to.append(copy(child));
      else to.append(child.textContent ?? '');
    }
    return to;
  };
  return Array.from(document.querySelectorAll('.pipe-score')).map((figure) => {
    const svg = figure.querySelector('svg');
    if (!svg) return 0;
    const start = performance.now();
    document.createElement('div').append(copy(svg));
    return performance.now() - start;
  });
})()`;

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
      const floors = await page.evaluate<number[]>(domFloor);
      if (round === 0 && tunes.length === 0) emptyFiles++;
      tunes.forEach((t, i) => {
        const key = `${file.name}#${i}`;
        const result = results.get(key) ?? {
          file: file.name,
          tune: i,
          times: [],
          floors: [],
          staves: 0,
          failed: false,
        };
        if (Number.isFinite(t.ms) && !t.failed) {
          result.times.push(t.ms);
          const floor = floors[i];
          if (floor !== undefined && floor > 0) result.floors.push(floor);
        }
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
  const ratios = group
    .filter((t) => t.times.length > 0 && t.floors.length > 0)
    .map((t) => quantile(t.times, 0.5) / quantile(t.floors, 0.5));
  return {
    group: name,
    tunes: medians.length,
    medianMs: Number(quantile(medians, 0.5).toFixed(1)),
    /** Median over tunes of (our time ÷ plain-DOM floor of the same drawing). */
    vsDomFloor: Number(quantile(ratios, 0.5).toFixed(2)),
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
