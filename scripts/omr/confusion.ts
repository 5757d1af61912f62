/**
 * Dev tool for the recogniser (issue 20, clean-page accuracy): where the symbol errors are.
 * Reads the bench's clean pages (bench/omr: same selection, renderer and cache) or the library
 * pages, aligns each page's true symbols with the ones read (the bench's metric,
 * bench/omr/omrSymbols.ts) and sorts every edit by kind — melody pitch, duration, dots,
 * grace notes, bar lines, repeats, time signatures, rests, missing and extra notes — per dpi.
 * Also counts embellishment names on matched notes and the marks the metric leaves out (ties,
 * triplets, endings) so their weight is known before reading them.
 *
 *   node --import tsx scripts/omr/confusion.ts [--seed 7] [--tunes 30] [--dpi 150,200,300] [-v KIND]
 *
 * Never tune on the default seed (20): the bench tests those tunes.
 */
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../../e2e/fixtures/server.ts';
import { readCorpus } from '../../src/music/bww/testing/readCorpus.ts';
import { recognisePage } from '../../src/music/omr/recognisePage.ts';
import type { Tune } from '../../src/music/tune/tune.ts';
import { align, barSymbolsOf, type OmrSymbol } from '../../bench/omr/omrSymbols.ts';
import { renderPages } from '../../bench/omr/renderPages.ts';
import type { Condition } from '../../bench/omr/degradePage.ts';
import { benchPage } from '../../bench/omr/benchPage.ts';
import { libraryTitles, selectTunes } from '../../bench/omr/selectTunes.ts';
import { loadPage } from './loadPage.ts';

const { values: args } = parseArgs({
  options: {
    tunes: { type: 'string', default: '30' },
    dpi: { type: 'string', default: '150,200,300' },
    seed: { type: 'string', default: '7' },
    v: { type: 'string' },
    only: { type: 'string' },
    bars: { type: 'boolean', default: false },
    // A degraded condition (photocopy, phone), drawn with the bench's own degradePage and seed.
    condition: { type: 'string', default: 'clean' },
  },
});
const dpis = args.dpi.split(',').map(Number);

type Op = { kind: 'keep' | 'sub' | 'del' | 'ins'; t?: OmrSymbol; r?: OmrSymbol };

/** Levenshtein with the edit script (unit costs), preferring substitutions of like kinds. */
function editScript(truth: readonly OmrSymbol[], read: readonly OmrSymbol[]): Op[] {
  const n = truth.length;
  const m = read.length;
  const w = m + 1;
  const kindOf = (s: OmrSymbol) => s.split(':')[0];
  const subCost = (a: OmrSymbol, b: OmrSymbol) =>
    a === b ? 0 : kindOf(a) === kindOf(b) ? 1 : 1.01;
  const d = new Float64Array((n + 1) * w);
  for (let j = 0; j <= m; j++) d[j] = j;
  for (let i = 1; i <= n; i++) {
    d[i * w] = i;
    for (let j = 1; j <= m; j++) {
      d[i * w + j] = Math.min(
        d[(i - 1) * w + j - 1]! + subCost(truth[i - 1]!, read[j - 1]!),
        d[(i - 1) * w + j]! + 1,
        d[i * w + j - 1]! + 1,
      );
    }
  }
  const ops: Op[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = d[i * w + j]!;
    if (i > 0 && j > 0 && here === d[(i - 1) * w + j - 1]! + subCost(truth[i - 1]!, read[j - 1]!)) {
      ops.push({
        kind: truth[i - 1] === read[j - 1] ? 'keep' : 'sub',
        t: truth[i - 1],
        r: read[j - 1],
      });
      i--;
      j--;
    } else if (i > 0 && here === d[(i - 1) * w + j]! + 1) {
      ops.push({ kind: 'del', t: truth[i - 1] });
      i--;
    } else {
      ops.push({ kind: 'ins', r: read[j - 1] });
      j--;
    }
  }
  return ops.reverse();
}

/** 'note:E/8.' → { pitch: 'E', duration: '8', dots: 1 } */
function noteParts(s: OmrSymbol) {
  const m = /^note:([A-Z]+)\/(\d+)(\.*)$/.exec(s);
  return m ? { pitch: m[1]!, duration: m[2]!, dots: m[3]!.length } : null;
}

function category(op: Op): string {
  const t = op.t ?? '';
  const r = op.r ?? '';
  if (op.kind === 'del' || op.kind === 'ins') {
    const s = op.kind === 'del' ? t : r;
    const k = s.split(':')[0]!;
    const what =
      k === 'note' ? 'note' : k === 'grace' ? 'grace' : k === 'bar' ? s : k === 'time' ? 'time' : k;
    return `${op.kind === 'del' ? 'missing' : 'extra'} ${what}`;
  }
  const a = noteParts(t);
  const b = noteParts(r);
  if (a && b) {
    const diffs = [
      a.pitch !== b.pitch ? 'pitch' : '',
      a.duration !== b.duration ? 'duration' : '',
      a.dots !== b.dots ? 'dots' : '',
    ].filter(Boolean);
    if (diffs.length === 1 && diffs[0] === 'duration')
      return `duration ${a.duration}→${b.duration}`;
    if (diffs.length === 1 && diffs[0] === 'dots') return `dots ${a.dots}→${b.dots}`;
    return `melody ${diffs.join('+')}`;
  }
  if (t.startsWith('grace:') && r.startsWith('grace:')) return 'grace pitch';
  if (t.startsWith('bar:') && r.startsWith('bar:')) return `${t} read as ${r}`;
  if (t.startsWith('time:') && r.startsWith('time:')) return `time ${t.slice(5)}→${r.slice(5)}`;
  return `${t.split(':')[0]} read as ${r.split(':')[0]}`;
}

/** Marks the metric does not count yet, in the true tune. */
function unscored(tune: Tune): Record<string, number> {
  const c: Record<string, number> = { ties: 0, triplets: 0, endings: 0, rests: 0, accidentals: 0 };
  for (const p of tune.parts)
    for (const l of p.lines)
      for (const b of l.bars)
        for (const it of b.items) {
          if (it.kind === 'note' && it.tie) c.ties!++;
          if ((it.kind === 'note' || it.kind === 'rest') && it.tupletStart) c.triplets!++;
          if (it.kind === 'timeline') c.endings!++;
          if (it.kind === 'rest') c.rests!++;
          if (it.kind === 'note' && it.accidental) c.accidentals!++;
        }
  return c;
}

const files = readCorpus();
const library = libraryTitles(join(repoRoot, 'src/music/library'));
const selection = selectTunes(files, library, {
  count: Number(args.tunes),
  seed: Number(args.seed),
  maxLines: 10,
});
const tunes = args.only
  ? selection.tunes.filter((t) => t.key.includes(args.only!))
  : selection.tunes;
const cacheDir = process.env.OMR_BENCH_CACHE ?? join(tmpdir(), 'chanterlab-omr-bench');
const pngs = await renderPages(
  tunes.map((t) => ({ key: t.key, bww: t.bww })),
  dpis,
  cacheDir,
  () => join(repoRoot, process.env.STATIC_DIR ?? 'dist'),
);

const marks: Record<string, number> = {};
for (const t of tunes)
  for (const [k, v] of Object.entries(unscored(t.truth))) marks[k] = (marks[k] ?? 0) + v;
console.log(`seed ${args.seed}: ${tunes.length} tunes; marks the metric ignores:`, marks);

for (const dpi of dpis) {
  const counts = new Map<string, number>();
  let symbols = 0;
  let errors = 0;
  let emb = 0;
  let embWrong = 0;
  let seconds = 0;
  let bars = 0;
  let barsRight = 0;
  const perPage: string[] = [];
  for (const tune of tunes) {
    const path = pngs.get(`${tune.key}@${dpi}`);
    if (!path || !existsSync(path)) continue;
    const condition = args.condition as Condition;
    const { bytes } = await benchPage(path, tune.key, condition, dpi);
    const loaded = await loadPage(new Uint8Array(bytes));
    if (!loaded.data) continue;
    const t0 = performance.now();
    const result = recognisePage(loaded.data.image);
    seconds += (performance.now() - t0) / 1000;
    const read = result.ok ? result.tune : null;
    const truthBars = barSymbolsOf(tune.truth);
    const readBars = read ? barSymbolsOf(read) : [];
    const ops = editScript(truthBars.flat(), readBars.flat());
    let pageErr = 0;
    for (const op of ops) {
      if (op.kind === 'keep') continue;
      const c = category(op);
      counts.set(c, (counts.get(c) ?? 0) + 1);
      pageErr++;
      if (args.v && c.includes(args.v)) {
        console.log(`  ${dpi} ${tune.key}: ${c}: ${op.t ?? '-'} / ${op.r ?? '-'}`);
      }
    }
    // Embellishment names on melody notes matched in order (same pitch and position).
    if (read) {
      const names = (tn: Tune) =>
        tn.parts.flatMap((p) =>
          p.lines.flatMap((l) =>
            l.bars.flatMap((b) =>
              b.items.flatMap((it) =>
                it.kind === 'note'
                  ? [`${it.pitch}:${it.embellishments.map((e) => e.code).join('+')}`]
                  : [],
              ),
            ),
          ),
        );
      const a = names(tune.truth);
      const b = names(read);
      for (const op of editScript(a, b)) {
        if (op.kind === 'keep' || op.kind === 'sub') {
          if (op.t!.split(':')[1]) emb++;
          if (op.kind === 'sub' && op.t!.split(':')[0] === op.r!.split(':')[0]) embWrong++;
        }
      }
    }
    // Bars exactly right as the bench counts them (matched in order: a missed bar costs one).
    const want = truthBars.map((b) => b.join(' '));
    const got = readBars.map((b) => b.join(' '));
    const { matched } = align(want, got, 2);
    bars += want.length;
    barsRight += matched.length;
    if (args.bars) {
      const right = new Set(matched.map(([t]) => t));
      const readAt = new Map(matched.map(([t, r]) => [t, r]));
      let next = 0;
      for (let i = 0; i < want.length; i++) {
        if (readAt.has(i)) next = readAt.get(i)! + 1;
        else if (!right.has(i))
          console.log(
            `  ${dpi} ${tune.key} bar ${i}\n    want ${want[i]}\n    got  ${got[next] ?? '-'}`,
          );
      }
    }
    symbols += truthBars.flat().length;
    errors += pageErr;
    perPage.push(
      `${tune.key.slice(-40).padEnd(40)} ${((100 * pageErr) / truthBars.flat().length).toFixed(1).padStart(5)} %`,
    );
  }
  console.log(
    `\n${dpi} dpi: ${symbols} symbols, ${errors} edits, SER ${((100 * errors) / symbols).toFixed(2)} %, ` +
      `bars right ${barsRight} of ${bars} (${((100 * barsRight) / bars).toFixed(1)} %), ` +
      `embellishment names wrong on ${embWrong} of ${emb} matched embellished notes, ${seconds.toFixed(1)} s`,
  );
  for (const [c, n] of [...counts].sort((x, y) => y[1] - x[1]))
    console.log(`  ${String(n).padStart(5)}  ${c}`);
  if (process.env.PER_PAGE) console.log(perPage.join('\n'));
}
