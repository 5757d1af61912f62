/**
 * The BWW music vocabulary: what one whitespace-free word means. Pure and table-driven, so the
 * reader, the glued-token splitter and the coverage report share one definition.
 * Vocabulary: Bagpipe Music Writer / Bagpipe Reader files as pipers exchange them (issue 6).
 */
import type { Pitch } from '../notes.ts';
import { embellishmentOf } from '../tune/embellishments.ts';
import type {
  Accidental,
  BarClose,
  BarOpen,
  Duration,
  Embellishment,
  Mark,
  TimeSignature,
  TupletStart,
} from '../tune/tune.ts';

export type BwwToken =
  | { readonly type: 'clef' }
  | { readonly type: 'accidental'; readonly accidental: Accidental; readonly code: string }
  | { readonly type: 'time'; readonly time: TimeSignature }
  | { readonly type: 'open'; readonly open: Exclude<BarOpen, null> }
  | { readonly type: 'close'; readonly close: Exclude<BarClose, null> }
  | {
      readonly type: 'note';
      readonly pitch: Pitch;
      readonly beam: 'left' | 'right' | null;
      readonly duration: Duration;
    }
  | { readonly type: 'rest'; readonly duration: Duration }
  | { readonly type: 'dot'; readonly dots: 1 | 2 }
  | { readonly type: 'fermata' }
  | { readonly type: 'embellishment'; readonly embellishment: Embellishment }
  | { readonly type: 'tie-start' }
  /** `^te`: the end of a new-style tie, or an old-style tie written on E. */
  | { readonly type: 'tie-end-or-old' }
  | { readonly type: 'tie-old' }
  | { readonly type: 'tuplet-start'; readonly tuplet: TupletStart }
  | { readonly type: 'tuplet-end'; readonly tuplet: TupletStart }
  /** `^3e`: the end of a new-style triplet, or an old-style triplet written on E. */
  | { readonly type: 'triplet-end-or-old' }
  | { readonly type: 'triplet-old' }
  | { readonly type: 'timeline'; readonly label: string }
  | { readonly type: 'timeline-end' }
  | { readonly type: 'space' }
  | { readonly type: 'mark'; readonly code: Mark['code'] };

/** BWW pitch suffixes ('la', 'hg' …) to the chanter's pitch vocabulary. */
export const pitchOfSuffix: Readonly<Record<string, Pitch>> = {
  lg: 'LG',
  la: 'LA',
  b: 'B',
  c: 'C',
  d: 'D',
  e: 'E',
  f: 'F',
  hg: 'HG',
  ha: 'HA',
};

/** The BWW suffix of a pitch, e.g. 'HG' → 'hg' (used after dots, ties, accidentals). */
export function suffixOfPitch(pitch: Pitch): string {
  return pitch.toLowerCase();
}

/**
 * Irregular groups: BWW writes the number of notes then the number of beats they fill
 * (`^43s` = 4 in the time of 3); `^3s` is the triplet and `^2s` the duplet.
 */
const tupletByDigits: Readonly<Record<string, TupletStart>> = {
  '2': { actual: 2, normal: 3 },
  '3': { actual: 3, normal: 2 },
  '43': { actual: 4, normal: 3 },
  '46': { actual: 4, normal: 6 },
  '53': { actual: 5, normal: 3 },
  '54': { actual: 5, normal: 4 },
  '64': { actual: 6, normal: 4 },
  '74': { actual: 7, normal: 4 },
  '76': { actual: 7, normal: 6 },
};

/** The digits BWW uses for a tuplet (inverse of `tupletByDigits`). */
export function tupletDigits(t: TupletStart): string {
  const hit = Object.entries(tupletByDigits).find(
    ([, v]) => v.actual === t.actual && v.normal === t.normal,
  );
  return hit ? hit[0] : `${t.actual}${t.normal}`;
}

const durationSet = new Set<string>(['1', '2', '4', '8', '16', '32', '64']);
const beatTypes = new Set<number>([1, 2, 4, 8, 16, 32]);

const fixed: Readonly<Record<string, BwwToken>> = {
  '&': { type: 'clef' },
  '!': { type: 'close', close: 'bar' },
  '!!': { type: 'close', close: 'double' },
  '!t': { type: 'close', close: 'line' },
  // A double bar ending the staff line; the line's end is implied by the next '&'.
  '!!t': { type: 'close', close: 'double' },
  '!I': { type: 'close', close: 'part' },
  "''!I": { type: 'close', close: 'repeat' },
  // A part or repeat end glued to the staff line's end, as some writers save it (issue 15
  // item 9); like '!!t', the line's end is implied by the next '&'. Other glued runs of bar,
  // part, repeat and line marks ("''!I!t", "!tI!''") split into these by splitGlued.
  '!It': { type: 'close', close: 'part' },
  "''!It": { type: 'close', close: 'repeat' },
  'I!': { type: 'open', open: 'part' },
  "I!''": { type: 'open', open: 'repeat' },
  // A double quote typed for the two single quotes of a repeat start (seen in real files).
  'I!"': { type: 'open', open: 'repeat' },
  C: { type: 'time', time: { kind: 'time', beats: 4, beatType: 4, symbol: 'common' } },
  C_: { type: 'time', time: { kind: 'time', beats: 2, beatType: 2, symbol: 'cut' } },
  '^ts': { type: 'tie-start' },
  '^te': { type: 'tie-end-or-old' },
  '^3e': { type: 'triplet-end-or-old' },
  "_'": { type: 'timeline-end' },
  space: { type: 'space' },
  segno: { type: 'mark', code: 'segno' },
  dalsegno: { type: 'mark', code: 'dalsegno' },
  coda: { type: 'mark', code: 'coda' },
  codasection: { type: 'mark', code: 'codasection' },
  dacapoalfine: { type: 'mark', code: 'dacapoalfine' },
  fine: { type: 'mark', code: 'fine' },
};

const pitchAlt = 'lg|la|b|c|d|e|f|hg|ha';
const noteRe = /^(LG|LA|B|C|D|E|F|HG|HA)([lr]?)_(\d{1,2})$/;
const restRe = /^REST_(\d{1,2})$/;
const timeRe = /^(\d{1,2})_(\d{1,2})$/;
const dotRe = new RegExp(`^('{1,2})(${pitchAlt})$`);
const fermataRe = new RegExp(`^fermat(${pitchAlt})$`);
const accidentalRe = new RegExp(`^(sharp|natural|flat)(${pitchAlt})$`);
const oldTieRe = new RegExp(`^\\^t(${pitchAlt})$`);
const oldTripletRe = new RegExp(`^\\^3(${pitchAlt})$`);
const tupletRe = /^\^(\d{1,2})([se])$/;
const timelineRe = /^'(\d{1,3}|intro|bis)$/;

/** What a word means in the music, or null when it is not BWW. */
export function classifyToken(word: string): BwwToken | null {
  const f = fixed[word];
  if (f) return f;
  let m = noteRe.exec(word);
  if (m && durationSet.has(m[3] ?? '')) {
    const beam = m[2] === 'l' ? 'left' : m[2] === 'r' ? 'right' : null;
    return {
      type: 'note',
      pitch: m[1] as Pitch,
      beam,
      duration: Number(m[3]) as Duration,
    };
  }
  const emb = embellishmentOf(word);
  if (emb) return { type: 'embellishment', embellishment: emb };
  if ((m = dotRe.exec(word))) return { type: 'dot', dots: m[1] === "''" ? 2 : 1 };
  if ((m = restRe.exec(word)) && durationSet.has(m[1] ?? '')) {
    return { type: 'rest', duration: Number(m[1]) as Duration };
  }
  if ((m = timeRe.exec(word))) {
    const beats = Number(m[1]);
    const beatType = Number(m[2]);
    if (beats > 0 && beatTypes.has(beatType)) {
      return { type: 'time', time: { kind: 'time', beats, beatType, symbol: null } };
    }
    return null;
  }
  if (fermataRe.test(word)) return { type: 'fermata' };
  if ((m = accidentalRe.exec(word))) {
    return { type: 'accidental', accidental: m[1] as Accidental, code: word };
  }
  if (oldTieRe.test(word)) return { type: 'tie-old' };
  if (oldTripletRe.test(word)) return { type: 'triplet-old' };
  if ((m = tupletRe.exec(word))) {
    const tuplet = tupletByDigits[m[1] ?? ''];
    if (!tuplet) return null;
    return m[2] === 's' ? { type: 'tuplet-start', tuplet } : { type: 'tuplet-end', tuplet };
  }
  if ((m = timelineRe.exec(word))) return { type: 'timeline', label: m[1] ?? '' };
  return null;
}

/**
 * Splits a word of glued tokens ('!IEr_16', "I!''F_8") into known tokens, preferring the fewest
 * pieces; null when it cannot be split. Long words are not tried: they are never glued tokens,
 * and the search is quadratic.
 */
export function splitGlued(word: string): readonly string[] | null {
  const n = word.length;
  if (n > 48) return null;
  // best[i] = fewest tokens covering word[i..]; next[i] = end of the first of them.
  const best: number[] = new Array<number>(n + 1).fill(Infinity);
  const next: number[] = new Array<number>(n + 1).fill(-1);
  best[n] = 0;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = n; j > i; j--) {
      const rest = best[j] ?? Infinity;
      if (rest + 1 < (best[i] ?? Infinity) && classifyToken(word.slice(i, j))) {
        best[i] = rest + 1;
        next[i] = j;
      }
    }
  }
  if (!Number.isFinite(best[0])) return null;
  const parts: string[] = [];
  for (let i = 0; i < n;) {
    const j = next[i] ?? n;
    parts.push(word.slice(i, j));
    i = j;
  }
  return parts;
}
