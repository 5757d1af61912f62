/**
 * Grace notes read from a score → the app's embellishment names (issue 15 item 4: 'mapped back
 * to the app's embellishment names where the grace notes match'). A name matches when
 * ../tune/embellishments.ts plays exactly these grace notes for it in the same context, so the
 * app plays and draws an imported tune as the writer wrote it.
 *
 * Several names often play the same notes (a High G gracenote is 'gg', and 'strhg' on High G;
 * 'dbf' after High G plays as 'hdbf'), so a choice is made, in this order:
 *  0. a movement made for another note is a last resort (High G, Low G, D, Low G before Low A
 *     is 'gg grp', not the half grip on High G 'hgrphg'; see OTHER_NOTE_COST);
 *  1. the fewest names (one movement rather than a doubling plus a loose gracenote);
 *  2. a name whose written grace notes are the ones played (no lead dropped by context):
 *     the writer drew what is played;
 *  3. a light-music movement before a piobaireachd one (a throw on D is 'thrd', not the
 *     taorluath variation 'ptmd'), then the more common family (FAMILY_ORDER): a grip before
 *     a double strike, a doubling before a double gracenote, a single gracenote before a strike
 *     (the order was checked against how the shared BWW corpus names the same grace notes);
 *  4. the table's own order.
 * Every chanter pitch has a single-gracenote name ('gg', 'dg' …, 'strlg' for Low G), so any
 * run can be named; should the table ever lack one, the notes it cannot name are reported.
 */
import type { Pitch } from '../notes.ts';
import {
  embellishmentTable,
  graceNotes,
  NOTE_NAMED_FAMILIES,
  type GraceContext,
} from '../tune/embellishments.ts';
import { piobaireachdMovements } from '../tune/piobaireachdMovements.ts';
import type { Embellishment, EmbellishmentFamily } from '../tune/tune.ts';

/** Light-music families first, piobaireachd movements last (rule 3 above). */
const FAMILY_ORDER: readonly EmbellishmentFamily[] = [
  'doubling',
  'grip',
  'taorluath',
  'birl',
  'bubbly',
  'grace',
  'strike',
  'g-strike',
  'thumb-strike',
  // D, C on D is more often written as the light half strike 'lhstd' than the half throw.
  'half-strike',
  'throw',
  'double-strike',
  'triple-strike',
  'thumb-doubling',
  'half-doubling',
  'double-grace',
  'pele',
  'edre',
  'cadence',
  'echo',
  'darodo',
  'rodin',
  'hiharin',
  'lemluath',
  'crunluath',
  'tripling',
  'other',
];

/** Single gracenotes by pitch ('strlg' plays a lone Low G, so the fallback never needs one). */
const singleGrace: Readonly<Partial<Record<Pitch, string>>> = {
  LA: 'ag',
  B: 'bg',
  C: 'cg',
  D: 'dg',
  E: 'eg',
  F: 'fg',
  HG: 'gg',
  HA: 'tg',
};

/** The longest movement in the table, so no longer run is tried as one name. */
const longest = Math.max(...[...embellishmentTable.values()].map((e) => e.written.length));
const codes = [...embellishmentTable.values()];
const piobaireachd = new Set(piobaireachdMovements.map(([code]) => code));
const tableIndex = new Map(codes.map((e, i) => [e.code, i]));

const suffixPitch: Readonly<Record<string, Pitch>> = {
  lg: 'LG',
  la: 'LA',
  hg: 'HG',
  ha: 'HA',
  b: 'B',
  c: 'C',
  d: 'D',
  e: 'E',
  f: 'F',
};

/**
 * The note a movement's code is made for, or null for codes that go on any note ('gg',
 * 'strlg', 'grp', 'tar'): a single gracenote goes anywhere whatever its code says.
 */
function madeFor(code: string, family: EmbellishmentFamily, graces: number): Pitch | null {
  if (graces < 2) return null;
  if (!NOTE_NAMED_FAMILIES.has(family) && !(family === 'grip' && /^[gth]grp/.test(code)))
    return null;
  const m = /(lg|la|hg|ha|b|c|d|e|f)$/.exec(code);
  return m ? (suffixPitch[m[1] ?? ''] ?? null) : null;
}

/** What each name costs in the cover of a run: rule 1 (fewest names) outweighs rules 2-4. */
const NAME_COST = 1e8;
/**
 * Rule 0. A grip made for another note costs more than one more name ('gg grp', not 'hgrphg').
 * A doubling or strike made for another note only loses to an equal count of names: writers
 * put a 'dbe' before D often enough in the corpus that it is kept when nothing shorter plays it.
 */
const OTHER_NOTE_GRIP_COST = 1.5e8;
const OTHER_NOTE_COST = 5e7;

/** Lower is preferred: rule 0, rule 2, rule 3 (piobaireachd, family), the table's order. */
function rank(code: string, played: readonly Pitch[], note: Pitch | null): number {
  const entry = embellishmentTable.get(code);
  if (!entry) return Infinity;
  const exact = entry.written.length === played.length ? 0 : 1;
  const family = FAMILY_ORDER.indexOf(entry.family);
  const target = madeFor(code, entry.family, entry.written.length);
  const otherNote = target !== null && note !== null && target !== note;
  return (
    (otherNote ? (entry.family === 'grip' ? OTHER_NOTE_GRIP_COST : OTHER_NOTE_COST) : 0) +
    exact * 1e7 +
    (piobaireachd.has(code) ? 1e6 : 0) +
    (family < 0 ? FAMILY_ORDER.length : family) * 1e4 +
    (tableIndex.get(code) ?? 0)
  );
}

/**
 * Per context ('prev note', 'note'), what each grace-note sequence is called: built once per
 * context met (at most 90) so naming a long tune's graces is a lookup, not a table scan.
 */
const byContext = new Map<string, Map<string, Embellishment>>();

function namesIn(context: GraceContext): Map<string, Embellishment> {
  const key = `${context.prev ?? ''}/${context.note ?? ''}`;
  let names = byContext.get(key);
  if (names) return names;
  const ranks = new Map<string, number>();
  names = new Map();
  for (const entry of codes) {
    const played = graceNotes(entry.code, context);
    if (played.length === 0) continue;
    const id = played.join(' ');
    const r = rank(entry.code, played, context.note);
    if (r < (ranks.get(id) ?? Infinity)) {
      ranks.set(id, r);
      names.set(id, { family: entry.family, code: entry.code });
    }
  }
  byContext.set(key, names);
  return names;
}

/** The preferred name playing exactly `pitches` in this context, or null. */
export function embellishmentPlaying(
  pitches: readonly Pitch[],
  context: GraceContext,
): Embellishment | null {
  return namesIn(context).get(pitches.join(' ')) ?? null;
}

export interface GraceNaming {
  readonly embellishments: readonly Embellishment[];
  /** Grace notes no name could carry (a lone Low G gracenote): left out, to be reported. */
  readonly unnamed: readonly Pitch[];
}

/**
 * Names for a note's grace notes, split into as few movements as possible (rule 1). Every
 * movement of one note is played in the same context, as the exporter writes them.
 */
export function embellishmentsOfGraces(
  pitches: readonly Pitch[],
  context: GraceContext,
): GraceNaming {
  const n = pitches.length;
  if (n === 0) return { embellishments: [], unnamed: [] };
  // best[i]: the cheapest cover of pitches[i..] by names (NAME_COST each, plus their rank).
  const best: { cost: number; emb: Embellishment | null; next: number }[] = [];
  best[n] = { cost: 0, emb: null, next: n };
  for (let i = n - 1; i >= 0; i--) {
    let choice = { cost: Infinity, emb: null as Embellishment | null, next: i + 1 };
    for (let j = i + 1; j <= Math.min(n, i + longest); j++) {
      const rest = best[j]?.cost ?? Infinity;
      if (!Number.isFinite(rest)) continue;
      const run = pitches.slice(i, j);
      const emb = embellishmentPlaying(run, context);
      if (!emb) continue;
      const cost = rest + NAME_COST + rank(emb.code, run, context.note);
      if (cost < choice.cost) choice = { cost, emb, next: j };
    }
    best[i] = choice;
  }
  if (Number.isFinite(best[0]?.cost)) {
    const embellishments: Embellishment[] = [];
    for (let i = 0; i < n;) {
      const step = best[i];
      if (!step?.emb) break;
      embellishments.push(step.emb);
      i = step.next;
    }
    return { embellishments, unnamed: [] };
  }
  // No cover by names: single gracenotes, each played as written, and the rest reported.
  const embellishments: Embellishment[] = [];
  const unnamed: Pitch[] = [];
  for (const p of pitches) {
    const code = singleGrace[p];
    if (code) embellishments.push({ family: 'grace', code });
    else unnamed.push(p);
  }
  return { embellishments, unnamed };
}
