/**
 * Grace notes read from a score → the app's embellishment names (issue 15 item 4: 'mapped back
 * to the app's embellishment names where the grace notes match'). A name matches when
 * ../tune/embellishments.ts plays exactly these grace notes for it in the same context, so the
 * app plays and draws an imported tune as the writer wrote it.
 *
 * Several names often play the same notes (a High G gracenote is 'gg', and 'strhg' on High G;
 * 'dbf' after High G plays as 'hdbf'), so a choice is made, in this order:
 *  1. the fewest names (one movement rather than a doubling plus a loose gracenote);
 *  2. a name whose written grace notes are the ones played (no lead dropped by context):
 *     the writer drew what is played;
 *  3. a light-music movement before a piobaireachd one (a throw on D is 'thrd', not the
 *     taorluath variation 'ptmd'), then the more common family (FAMILY_ORDER): a grip before
 *     a double strike, a doubling before a double gracenote, a single gracenote before a strike;
 *  4. the table's own order.
 * Grace notes no name plays become a run of single gracenotes ('gg', 'dg' …), which the app
 * plays one by one; a Low G gracenote on its own has no such name and is reported.
 */
import type { Pitch } from '../notes.ts';
import { embellishmentTable, graceNotes, type GraceContext } from '../tune/embellishments.ts';
import { piobaireachdMovements } from '../tune/piobaireachdMovements.ts';
import type { Embellishment, EmbellishmentFamily } from '../tune/tune.ts';

/** Light-music families first, piobaireachd movements last (rule 3 above). */
const FAMILY_ORDER: readonly EmbellishmentFamily[] = [
  'doubling',
  'grip',
  'taorluath',
  'birl',
  'throw',
  'bubbly',
  'grace',
  'strike',
  'g-strike',
  'thumb-strike',
  'half-strike',
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

/** Single gracenotes by pitch (Low G has none in BWW's palette). */
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

/** Lower is preferred: rule 2, then rule 3 (piobaireachd, family), then the table's order. */
function rank(code: string, played: readonly Pitch[]): number {
  const entry = embellishmentTable.get(code);
  if (!entry) return Infinity;
  const exact = entry.written.length === played.length ? 0 : 1;
  const family = FAMILY_ORDER.indexOf(entry.family);
  return (
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
    const r = rank(entry.code, played);
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
  // best[i]: fewest names covering pitches[i..], then the lowest total rank.
  const best: { count: number; rank: number; emb: Embellishment | null; next: number }[] = [];
  best[n] = { count: 0, rank: 0, emb: null, next: n };
  for (let i = n - 1; i >= 0; i--) {
    let choice = {
      count: Infinity,
      rank: Infinity,
      emb: null as Embellishment | null,
      next: i + 1,
    };
    for (let j = i + 1; j <= Math.min(n, i + longest); j++) {
      const rest = best[j];
      if (!rest || !Number.isFinite(rest.count)) continue;
      const emb = embellishmentPlaying(pitches.slice(i, j), context);
      if (!emb) continue;
      const r = rank(emb.code, pitches.slice(i, j)) + rest.rank;
      const count = rest.count + 1;
      if (count < choice.count || (count === choice.count && r < choice.rank)) {
        choice = { count, rank: r, emb, next: j };
      }
    }
    best[i] = choice;
  }
  if (Number.isFinite(best[0]?.count)) {
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
