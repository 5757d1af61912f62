/**
 * OMR benchmark (issue 20 'Measured'): shared-corpus tunes drawn by the app's own renderer at
 * 150, 200 and 300 dpi, each clean, photocopied and photographed (bench/omr/degradePage.ts),
 * loaded as any file is (scripts/omr/loadPage.ts) and read by recognisePage. Per dpi ×
 * condition: symbol error rate (bench/omr/omrSymbols.ts), bars exactly right, grace-note recall,
 * pages the reader gave up on, seconds per page (load + recognise; median, p95); and, outside
 * the SER and the timing, titles read (Tesseract, scripts/omr/readTitleNode.ts) and first- and
 * second-time endings found (bench/omr/titleScore.ts). Goals: SER
 * ≤ 1 % clean, ≤ 3 % degraded; ≥ 95 % bars right clean; ≤ 5 s per page.
 *
 * Baselines in the same run: a reader that reads nothing scores SER 1 (100 %), bars 0 %; and
 * the floor for time is loading the page and binarising it (Otsu's threshold), the work any
 * reader does before it looks for a staff — the ratio to it does not depend on how busy the
 * shared machine is, as seconds do.
 *
 *   npm run bench:omr                              (30 tunes, all dpi and conditions)
 *   npm run bench:omr -- --tunes 5 --dpi 200 --conditions clean
 *   STATIC_DIR=dist OMR_BENCH_CACHE=/tmp/omr-pages npm run bench:omr
 *
 * Pages are cached (OMR_BENCH_CACHE, default $TMPDIR/chanterlab-omr-bench) by tune, dpi and
 * renderer sources; the app is built into dist/ only when a page must be drawn and dist/ (or
 * STATIC_DIR) has no build. Never part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../e2e/fixtures/server.ts';
import { corpusDir, readCorpus } from '../src/music/bww/testing/readCorpus.ts';
import { recognisePage } from '../src/music/omr/recognisePage.ts';
import type { GrayImage } from '../src/music/omr/omrTypes.ts';
import { loadPage } from '../scripts/omr/loadPage.ts';
import { conditions as allConditions, type Condition } from './omr/degradePage.ts';
import { benchPage } from './omr/benchPage.ts';
import { scorePage, symbolsOf, type PageScore } from './omr/omrSymbols.ts';
import { renderPages } from './omr/renderPages.ts';
import { libraryTitles, selectTunes } from './omr/selectTunes.ts';
import {
  emptyTitleTally,
  endingLabels,
  tallyEndings,
  tallyTitle,
  type EndingTally,
} from './omr/titleScore.ts';
import { createNodeTitleReader, type NodeTitleReader } from '../scripts/omr/readTitleNode.ts';
import { titleArea } from '../src/music/omr/titleArea.ts';
import { tuneText } from '../src/music/tune/tune.ts';

const { values: args } = parseArgs({
  options: {
    tunes: { type: 'string', default: '30' },
    dpi: { type: 'string', default: '150,200,300' },
    conditions: { type: 'string', default: allConditions.join(',') },
    seed: { type: 'string', default: '20' },
    // Reading titles (Tesseract, ~0.3 s a page, not in seconds per page) can be left out.
    'no-titles': { type: 'boolean', default: false },
  },
});
const readTitles = !args['no-titles'];
const count = Number(args.tunes);
const seed = Number(args.seed);
const dpis = args.dpi.split(',').map(Number);
const conditions = args.conditions.split(',') as Condition[];
if (
  !(count > 0) ||
  dpis.some((d) => !(d >= 50 && d <= 600)) ||
  conditions.some((c) => !allConditions.includes(c))
) {
  console.error(
    'usage: npm run bench:omr -- [--tunes N] [--dpi 150,200,300] [--conditions clean,photocopy,phone] [--seed S] [--no-titles]',
  );
  process.exit(2);
}

const files = readCorpus();
if (files.length === 0) {
  console.log(`bench:omr skipped: no shared corpus at ${corpusDir} (set CORPUS_DIR)`);
  process.exit(0);
}

const library = libraryTitles(join(repoRoot, 'src/music/library'));
// About one printed page: the app draws a staff line larger than most books do.
const selection = selectTunes(files, library, { count, seed, maxLines: 10 });
console.log(
  `${selection.tunes.length} of ${selection.candidates} corpus tunes (seed ${seed}); left out: ` +
    `${selection.library} naming a built-in library tune, ${selection.other} longer than 10 lines, untitled or repeated`,
);

function staticDir(): string {
  const dir = resolve(repoRoot, process.env.STATIC_DIR ?? 'dist');
  if (existsSync(join(dir, 'index.html'))) return dir;
  if (process.env.STATIC_DIR) throw new Error(`${dir} has no index.html`);
  console.log('building the app into dist/ …');
  // Into dist/ itself: the prerender step of vite.config.ts reads dist/index.html.
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  return dir;
}

const cacheDir = process.env.OMR_BENCH_CACHE ?? join(tmpdir(), 'chanterlab-omr-bench');
const pngs = await renderPages(
  selection.tunes.map((t) => ({ key: t.key, bww: t.bww })),
  dpis,
  cacheDir,
  staticDir,
);

/** Otsu's threshold and the binarised page: the time floor (see the header). */
function binarise(image: GrayImage): Uint8Array {
  const histogram = new Float64Array(256);
  for (const v of image.data) histogram[v]!++;
  const total = image.data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * histogram[i]!;
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    below += histogram[t]!;
    if (below === 0 || below === total) continue;
    sumBelow += t * histogram[t]!;
    const meanBelow = sumBelow / below;
    const meanAbove = (sum - sumBelow) / (total - below);
    const between = below * (total - below) * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  const ink = new Uint8Array(total);
  for (let i = 0; i < total; i++) ink[i] = image.data[i]! <= threshold ? 1 : 0;
  return ink;
}

interface PageRun {
  readonly score: PageScore;
  /** The title read above the music (null: none; undefined: not read, --no-titles). */
  readonly title: string | null | undefined;
  readonly truthTitle: string;
  readonly endings: EndingTally;
  readonly seconds: number;
  readonly floorSeconds: number;
  readonly gaveUp: boolean;
  readonly pixels: number;
}

const now = () => performance.now() / 1000;

// One untimed pass first, so neither the floor nor the reader pays for compiling the code.
const first = [...pngs.values()].find((path) => existsSync(path));
if (first) {
  const warm = await loadPage(new Uint8Array(readFileSync(first)));
  if (warm.data) {
    binarise(warm.data.image);
    recognisePage(warm.data.image);
  }
}

let titleReader: NodeTitleReader | null = null;
const runs = new Map<string, PageRun[]>();
for (const dpi of dpis) {
  for (const condition of conditions) {
    const group: PageRun[] = [];
    for (const tune of selection.tunes) {
      const path = pngs.get(`${tune.key}@${dpi}`);
      if (!path || !existsSync(path)) continue; // the renderer failed on it (printed above)
      const page = await benchPage(path, tune.key, condition, dpi);
      const bytes = new Uint8Array(page.bytes);
      const floorStart = now();
      const floorLoad = await loadPage(bytes);
      if (floorLoad.error) throw new Error(`${tune.key}: ${floorLoad.error.message}`);
      binarise(floorLoad.data.image);
      const floorSeconds = now() - floorStart;

      const start = now();
      const loaded = await loadPage(bytes);
      const result = loaded.data ? recognisePage(loaded.data.image) : null;
      const seconds = now() - start;
      const read = result?.ok ? result.tune : null;
      // Untimed: the title is read by another engine, after the tune is on the screen.
      const area = result?.ok && loaded.data ? titleArea(result.bars, loaded.data.image) : null;
      const title =
        !readTitles || !loaded.data
          ? undefined
          : area
            ? await (titleReader ??= await createNodeTitleReader()).read(loaded.data.image, area)
            : null;
      if (process.env.BENCH_DEBUG && title !== undefined && title !== tuneText(tune.truth, 'title'))
        console.log(
          `  title ${tune.key} (${path}): ${JSON.stringify(tuneText(tune.truth, 'title'))} read ${JSON.stringify(title)}`,
        );
      if (process.env.BENCH_DEBUG) {
        const [want, got] = [endingLabels(tune.truth), read ? endingLabels(read) : []];
        if (want.join() !== got.join())
          console.log(`  endings ${tune.key} (${path}): ${want.join(' ')} read ${got.join(' ')}`);
      }
      group.push({
        title,
        truthTitle: tuneText(tune.truth, 'title'),
        endings: tallyEndings({ truth: 0, found: 0, extra: 0 }, tune.truth, read),
        score: scorePage(tune.truth, read),
        seconds,
        floorSeconds,
        gaveUp: !result?.ok,
        pixels: floorLoad.data.image.width * floorLoad.data.image.height,
      });
    }
    runs.set(`${dpi}|${condition}`, group);
    process.stdout.write(`  ${dpi} dpi ${condition}: ${group.length} pages read\n`);
  }
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}
const percent = (part: number, whole: number) =>
  whole === 0 ? null : Number(((100 * part) / whole).toFixed(2));
const sum = (group: readonly PageRun[], f: (s: PageScore) => number) =>
  group.reduce((n, r) => n + f(r.score), 0);

await titleReader?.close();

/** Titles read exactly / with the same words, % of pages (absent with --no-titles). */
function titleColumns(group: readonly PageRun[]) {
  if (!readTitles) return {};
  const tally = emptyTitleTally();
  for (const r of group) tallyTitle(tally, r.truthTitle, r.title ?? null);
  return {
    titleExactPercent: percent(tally.exact, tally.pages),
    titleWordsPercent: percent(tally.sameWords, tally.pages),
  };
}

const rows = [...runs].map(([key, group]) => {
  const [dpi, condition] = key.split('|');
  const symbols = sum(group, (s) => s.symbols);
  const errors = sum(group, (s) => s.symbolErrorRate * s.symbols);
  const medianS = quantile(
    group.map((r) => r.seconds),
    0.5,
  );
  const floorS = quantile(
    group.map((r) => r.floorSeconds),
    0.5,
  );
  return {
    dpi: Number(dpi),
    condition: condition!,
    pages: group.length,
    /** Edits over all pages ÷ true symbols over all pages. */
    serPercent: percent(errors, symbols),
    barsRightPercent: percent(
      sum(group, (s) => s.barsRight),
      sum(group, (s) => s.bars),
    ),
    graceRecallPercent: percent(
      sum(group, (s) => s.gracesFound),
      sum(group, (s) => s.graces),
    ),
    gaveUp: group.filter((r) => r.gaveUp).length,
    ...titleColumns(group),
    endings: `${group.reduce((n, r) => n + r.endings.found, 0)}/${group.reduce((n, r) => n + r.endings.truth, 0)}`,
    extraEndings: group.reduce((n, r) => n + r.endings.extra, 0),
    medianS: Number(medianS.toFixed(3)),
    p95S: Number(
      quantile(
        group.map((r) => r.seconds),
        0.95,
      ).toFixed(3),
    ),
    /** Median load + Otsu binarisation: the floor. */
    floorS: Number(floorS.toFixed(3)),
    vsFloor: Number((medianS / floorS).toFixed(1)),
    megapixels: Number(
      (
        quantile(
          group.map((r) => r.pixels),
          0.5,
        ) / 1e6
      ).toFixed(1),
    ),
  };
});

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()[0]?.toFixed(1)}`;
const symbols = selection.tunes.reduce((n, t) => n + symbolsOf(t.truth).length, 0);
console.log(
  `OMR: ${selection.tunes.length} corpus tunes (${symbols} symbols each pass) × ${dpis.join('/')} dpi × ${conditions.join('/')} (${machine})`,
);
console.log(
  'baseline, same pages: a reader that reads nothing has SER 100 %, bars right 0 %, grace recall 0 %; floorS = load + Otsu binarisation',
);
console.table(rows);
console.log(
  'goals: SER ≤ 1 % clean, ≤ 3 % degraded; bars right ≥ 95 % clean; ≤ 5 s per page (median and p95)',
);
console.log(
  'titles: read above the music by Tesseract, exactly as printed / the same words (titleKey); endings: found in order / true, and extra (not in SER)',
);
console.log(
  JSON.stringify({
    bench: 'omr',
    tunes: selection.tunes.length,
    seed,
    candidates: selection.candidates,
    excludedLibraryTitles: selection.library,
    symbolsPerPass: symbols,
    machine,
    baseline: { emptyReaderSerPercent: 100, floor: 'load + Otsu binarisation (floorS)' },
    goals: {
      cleanSerPercent: 1,
      degradedSerPercent: 3,
      cleanBarsRightPercent: 95,
      secondsPerPage: 5,
    },
    rows,
  }),
);
