/**
 * The OMR benchmark's score (issue 20 'Measured'): a tune as the sequence of symbols a reader
 * of the page must get right — melody notes with pitch, duration and dots, grace notes by
 * pitch, rests, bar lines by kind, time signatures — and the edit distance between the true
 * sequence and the one read.
 *
 * Only what the page shows counts: grace notes as the renderer draws them (written, without
 * the playing rules of graceNotes' context, src/web/ui/notation/scoreLayout.ts), the end of a
 * staff line as a plain bar line whether the file wrote `!t`, `!` or nothing (the staff is
 * closed by a line either way), ties (one symbol after the tied note), and no tuplet numbers,
 * accidentals or texts (the issue's list, not the page's every mark).
 */
import { graceNotes } from '../../src/music/tune/embellishments.ts';
import type {
  Bar,
  BarClose,
  BarItem,
  Line,
  TimeSignature,
  Tune,
} from '../../src/music/tune/tune.ts';

export type OmrSymbol = string;

const timeSymbol = (t: TimeSignature): OmrSymbol =>
  `time:${t.symbol === 'common' ? 'C' : t.symbol === 'cut' ? 'C_' : `${t.beats}/${t.beatType}`}`;

const closeSymbol: Record<Exclude<BarClose, null>, OmrSymbol> = {
  bar: 'bar:single',
  line: 'bar:single',
  double: 'bar:double',
  part: 'bar:part-end',
  repeat: 'bar:repeat-end',
};

function itemSymbols(item: BarItem): OmrSymbol[] {
  switch (item.kind) {
    case 'note':
      return [
        ...item.embellishments.flatMap((e) => graceNotes(e).map((p) => `grace:${p}`)),
        `note:${item.pitch}/${item.duration}${'.'.repeat(item.dots)}`,
        // A tie is a mark the page shows: one symbol, read or missed like any other.
        ...(item.tie ? ['tie'] : []),
      ];
    case 'rest':
      return [`rest:${item.duration}${'.'.repeat(item.dots)}`];
    case 'time':
      return [timeSymbol(item)];
    default:
      return [];
  }
}

function barSymbols(time: TimeSignature | null, bar: Bar, last: boolean): OmrSymbol[] {
  const out: OmrSymbol[] = [];
  if (time) out.push(timeSymbol(time));
  if (bar.open === 'part') out.push('bar:part-start');
  if (bar.open === 'repeat') out.push('bar:repeat-start');
  for (const item of bar.items) out.push(...itemSymbols(item));
  if (bar.close) out.push(closeSymbol[bar.close]);
  else if (last) out.push(closeSymbol.line);
  return out;
}

const closeRank: readonly BarClose[] = [null, 'line', 'bar', 'double', 'part', 'repeat'];
const holdsMusic = (bar: Bar) => bar.items.some((i) => i.kind === 'note' || i.kind === 'rest');

/**
 * A line's bars as the page draws them: the renderer folds a bar with no note or rest into its
 * neighbours on the same line (withoutEmptyBars, src/web/ui/notation/scoreLayout.ts) — its
 * opening mark goes to the next bar, its closing line to the previous one when stronger, and a
 * line of empty bars is not drawn at all (nor a time signature written before an empty first
 * bar). A BWW line that opens with `!` or a blank staff of
 * `! ! !` is therefore no bar line on the page, and the truth must not ask for one.
 */
function drawnBars(line: Line): { bar: Bar; time: TimeSignature | null }[] {
  const kept: { bar: Bar; time: TimeSignature | null }[] = [];
  let open: Bar['open'] = null;
  line.bars.forEach((bar, index) => {
    if (!holdsMusic(bar)) {
      const previous = kept[kept.length - 1];
      if (previous && closeRank.indexOf(bar.close) > closeRank.indexOf(previous.bar.close))
        previous.bar = { ...previous.bar, close: bar.close };
      open = bar.open ?? open;
      return;
    }
    kept.push({
      bar: open && !bar.open ? { ...bar, open } : bar,
      // The renderer shows a line's time signature with the line's first bar only.
      time: index === 0 ? line.time : null,
    });
    open = null;
  });
  return kept;
}

/** Each bar's symbols, in page order; a line's time signature belongs to its first bar. */
export function barSymbolsOf(tune: Tune): OmrSymbol[][] {
  return tune.parts.flatMap((part) =>
    part.lines.flatMap((line) => {
      const bars = drawnBars(line);
      return bars.map(({ bar, time }, i) => barSymbols(time, bar, i === bars.length - 1));
    }),
  );
}

export function symbolsOf(tune: Tune): OmrSymbol[] {
  return barSymbolsOf(tune).flat();
}

export interface Alignment {
  /** Insertions + deletions + substitutions (each costing `substitution`) turning truth into read. */
  readonly distance: number;
  /** Pairs the alignment keeps equal: the most that any alignment of least distance keeps. */
  readonly matched: readonly (readonly [truth: number, read: number])[];
}

/**
 * Levenshtein distance with an alignment (Wagner–Fischer, full table: a page has at most a few
 * thousand symbols). Among alignments of least distance it keeps the one with most equal pairs,
 * so grace-note recall does not depend on which of two equal-cost edits came first. With
 * `substitution` 2 a change costs a deletion plus an insertion and the matches are a longest
 * common subsequence (bars exactly right: one missed bar costs that bar, not every bar after).
 */
export function align<T>(truth: readonly T[], read: readonly T[], substitution = 1): Alignment {
  const n = truth.length;
  const m = read.length;
  const w = m + 1;
  // Cost × big − matches in one number: least cost first, then most matches.
  const big = Math.min(n, m) + 1;
  const d = new Float64Array((n + 1) * w);
  for (let j = 0; j <= m; j++) d[j] = j * big;
  const step = (i: number, j: number) =>
    truth[i - 1] === read[j - 1]
      ? d[(i - 1) * w + j - 1]! - 1
      : d[(i - 1) * w + j - 1]! + substitution * big;
  for (let i = 1; i <= n; i++) {
    d[i * w] = i * big;
    for (let j = 1; j <= m; j++) {
      d[i * w + j] = Math.min(step(i, j), d[(i - 1) * w + j]! + big, d[i * w + j - 1]! + big);
    }
  }
  const matched: Array<readonly [number, number]> = [];
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const here = d[i * w + j]!;
    if (here === step(i, j)) {
      if (truth[i - 1] === read[j - 1]) matched.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (here === d[(i - 1) * w + j]! + big) i--;
    else j--;
  }
  const total = d[n * w + m]!;
  return { distance: (total + matched.length) / big, matched: matched.reverse() };
}

export interface PageScore {
  /** Symbols in the true tune. */
  readonly symbols: number;
  /** Edit distance ÷ true length; 1 when nothing was read (and can exceed 1 for junk). */
  readonly symbolErrorRate: number;
  readonly bars: number;
  /** True bars read exactly (every symbol, in order), matched in order: a missed bar costs one. */
  readonly barsRight: number;
  readonly graces: number;
  /** True grace notes that the best alignment matches. */
  readonly gracesFound: number;
}

/** How well `read` (null when the reader gave up) matches `truth`. */
export function scorePage(truth: Tune, read: Tune | null): PageScore {
  const trueBars = barSymbolsOf(truth);
  const readBars = read ? barSymbolsOf(read) : [];
  const trueSymbols = trueBars.flat();
  const readSymbols = readBars.flat();
  const { distance, matched } = align(trueSymbols, readSymbols);
  const graces = trueSymbols.filter((s) => s.startsWith('grace:')).length;
  const gracesFound = matched.filter(([t]) => trueSymbols[t]!.startsWith('grace:')).length;
  const barKey = (bar: readonly OmrSymbol[]) => bar.join(' ');
  const barsRight = align(trueBars.map(barKey), readBars.map(barKey), 2).matched.length;
  return {
    symbols: trueSymbols.length,
    symbolErrorRate: trueSymbols.length === 0 ? 0 : distance / trueSymbols.length,
    bars: trueBars.length,
    barsRight,
    graces,
    gracesFound,
  };
}
