/**
 * Every embellishment Chanterlab knows, by its Bagpipe Music Writer code, with the grace notes
 * it stands for (issue 6, 'Embellishment expansion'). One table so the reader, the notation,
 * playback and MusicXML export agree on what 'dbe' or 'gstd' means.
 *
 * Conventions, as pipers write them (e.g. the College of Piping Tutor; BMW's own palette):
 *  - A doubling is High G, the note, then the gracenote above it (D above Low G…C, E above D,
 *    F above E, High G above F); on High G it is the half form High G–F and on High A it is
 *    High A–High G — never with a thumb gracenote.
 *  - A strike is the gracenote just below the note: Low G under Low A…D (light D strikes use C),
 *    Low A under E, E under F, F under High G, High G under High A.
 *  - Codes prefixed g/t/h are the same movement led by a High G gracenote, a thumb (High A)
 *    gracenote, or no leading gracenote (half form); a leading l means 'light' (C instead of Low G).
 *
 * Codes and written grace notes follow Bagpipe Music Writer's palette, cross-checked against
 * PipeScore's BWW importer and Ensemble's BMW token table; piobaireachd movements live in
 * ./piobaireachdMovements.ts.
 *
 * Context (pipers' practice, see `graceNotes`): a movement that starts with a leading gracenote
 * loses it when the previous melody note already sounds that pitch (a doubling after High G
 * is played as a half doubling; a throw on D from Low G skips the Low G), and a High G lead
 * is dropped after High A too. Grips, taorluaths and crunluaths from D use B instead of D.
 */
import type { Pitch } from '../notes.ts';
import { piobaireachdMovements } from './piobaireachdMovements.ts';
import type { Embellishment, EmbellishmentFamily } from './tune.ts';

export interface GraceContext {
  /** Melody note before the embellishment, null at the start of a tune. */
  readonly prev: Pitch | null;
  /** Melody note the embellishment is played on. */
  readonly note: Pitch | null;
}

export interface EmbellishmentEntry {
  readonly code: string;
  readonly family: EmbellishmentFamily;
  /** Grace notes written for this code, before the context rules. */
  readonly written: readonly Pitch[];
  /** Whether the leading gracenote is dropped when the previous note already sounds it. */
  readonly dropsLead: boolean;
  /** Whether the grip inside the movement uses B when it comes from D. */
  readonly gripFromD: boolean;
}

/** BWW pitch suffixes in scale order, as used in codes like 'dbhg' or 'strla'. */
const suffix: Readonly<Record<string, Pitch>> = {
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

const scale: readonly Pitch[] = ['LG', 'LA', 'B', 'C', 'D', 'E', 'F', 'HG', 'HA'];
const codeOf = (p: Pitch): string =>
  Object.keys(suffix).find((k) => suffix[k] === p) ?? p.toLowerCase();

/** The gracenote above the note in a doubling. */
function doublingUpper(p: Pitch): Pitch {
  if (p === 'LG' || p === 'LA' || p === 'B' || p === 'C') return 'D';
  if (p === 'D') return 'E';
  if (p === 'E') return 'F';
  if (p === 'F') return 'HG';
  return 'HA';
}

/** The strike gracenote below the note; `light` uses C under D. */
function strikeBelow(p: Pitch, light = false): Pitch {
  if (p === 'D' && light) return 'C';
  if (p === 'LA' || p === 'B' || p === 'C' || p === 'D') return 'LG';
  if (p === 'E') return 'LA';
  if (p === 'F') return 'E';
  if (p === 'HG') return 'F';
  if (p === 'HA') return 'HG';
  return 'LG';
}

/** The upper gracenote of a pele (closed doubling): E for the low hand, F on E, High G on F. */
function peleUpper(p: Pitch): Pitch {
  if (p === 'E') return 'F';
  if (p === 'F') return 'HG';
  if (p === 'HG') return 'HA';
  return 'E';
}

const table = new Map<string, EmbellishmentEntry>();

function add(
  code: string,
  family: EmbellishmentFamily,
  written: readonly Pitch[],
  opts: { dropsLead?: boolean; gripFromD?: boolean } = {},
): void {
  table.set(code, {
    code,
    family,
    written,
    dropsLead: opts.dropsLead ?? written.length > 1,
    gripFromD: opts.gripFromD ?? false,
  });
}

// Single gracenotes: a, b, c, d, e, f, g (High G), t (thumb, High A).
for (const [letter, pitch] of [
  ['a', 'LA'],
  ['b', 'B'],
  ['c', 'C'],
  ['d', 'D'],
  ['e', 'E'],
  ['f', 'F'],
  ['g', 'HG'],
  ['t', 'HA'],
] as const) {
  add(`${letter}g`, 'grace', [pitch]);
}

// Double gracenotes: a higher gracenote then a lower one ('gf' = High G, F). Written as chosen,
// so never altered by context.
for (const [letter, first] of [
  ['d', 'D'],
  ['e', 'E'],
  ['f', 'F'],
  ['g', 'HG'],
  ['t', 'HA'],
] as const) {
  for (const second of scale.slice(0, scale.indexOf(first))) {
    add(`${letter}${codeOf(second)}`, 'double-grace', [first, second], { dropsLead: false });
  }
}

for (const p of scale) {
  const c = codeOf(p);
  if (p === 'HG') add('dbhg', 'doubling', ['HG', 'F'], { dropsLead: false });
  else if (p === 'HA') add('dbha', 'doubling', ['HA', 'HG'], { dropsLead: false });
  else {
    add(`db${c}`, 'doubling', ['HG', p, doublingUpper(p)]);
    add(`tdb${c}`, 'thumb-doubling', ['HA', p, doublingUpper(p)]);
    add(`hdb${c}`, 'half-doubling', [p, doublingUpper(p)], { dropsLead: false });
  }
  if (p !== 'HA') add(`str${c}`, 'strike', [p]);
}
add('tdbhg', 'thumb-doubling', ['HA', 'HG', 'F'], { dropsLead: false });
add('hdbhg', 'half-doubling', ['HG', 'F'], { dropsLead: false });

// Strikes led by a gracenote, and double and triple strikes, on each note that has a strike.
for (const p of scale.slice(1)) {
  const c = codeOf(p);
  const below = strikeBelow(p);
  const lowHand = p !== 'HG' && p !== 'HA';
  if (lowHand) add(`gst${c}`, 'g-strike', ['HG', p, below]);
  if (p !== 'HA') add(`tst${c}`, 'thumb-strike', ['HA', p, below]);
  add(`hst${c}`, 'half-strike', [p, below], { dropsLead: false });
  add(`st2${c}`, 'double-strike', [below, p, below], { dropsLead: false });
  if (lowHand) add(`gst2${c}`, 'double-strike', ['HG', p, below, p, below]);
  if (p !== 'HA') add(`tst2${c}`, 'double-strike', ['HA', p, below, p, below]);
  add(`hst2${c}`, 'double-strike', [p, below, p, below], { dropsLead: false });
  add(`st3${c}`, 'triple-strike', [below, p, below, p, below], { dropsLead: false });
  if (lowHand) add(`gst3${c}`, 'triple-strike', ['HG', p, below, p, below, p, below]);
  if (p !== 'HA') add(`tst3${c}`, 'triple-strike', ['HA', p, below, p, below, p, below]);
  add(`hst3${c}`, 'triple-strike', [p, below, p, below, p, below], { dropsLead: false });
}
// Light D strikes: C instead of Low G, a common style on D.
add('lgstd', 'g-strike', ['HG', 'D', 'C']);
add('ltstd', 'thumb-strike', ['HA', 'D', 'C']);
add('lhstd', 'half-strike', ['D', 'C'], { dropsLead: false });
add('lst2d', 'double-strike', ['C', 'D', 'C'], { dropsLead: false });
add('lgst2d', 'double-strike', ['HG', 'D', 'C', 'D', 'C']);
add('ltst2d', 'double-strike', ['HA', 'D', 'C', 'D', 'C']);
add('lhst2d', 'double-strike', ['D', 'C', 'D', 'C'], { dropsLead: false });
add('lst3d', 'triple-strike', ['C', 'D', 'C', 'D', 'C'], { dropsLead: false });
add('lgst3d', 'triple-strike', ['HG', 'D', 'C', 'D', 'C', 'D', 'C']);
add('ltst3d', 'triple-strike', ['HA', 'D', 'C', 'D', 'C', 'D', 'C']);
add('lhst3d', 'triple-strike', ['D', 'C', 'D', 'C', 'D', 'C'], { dropsLead: false });

// Grips: Low G, D, Low G (B instead of D when coming from D).
add('grp', 'grip', ['LG', 'D', 'LG'], { gripFromD: true });
add('grpb', 'grip', ['LG', 'B', 'LG']);
add('hgrp', 'grip', ['D', 'LG'], { dropsLead: false, gripFromD: true });
add('hgrpb', 'grip', ['B', 'LG'], { dropsLead: false });
// Gracenote grips on a note: the grip goes through D, or through F for the grip on F and the
// thumb grip on High G (D is out of reach of the hand there).
for (const p of scale.slice(1)) {
  const c = codeOf(p);
  const via: Pitch = p === 'F' ? 'F' : 'D';
  if (p !== 'HG' && p !== 'HA') add(`ggrp${c}`, 'grip', ['HG', p, 'LG', via, 'LG']);
  if (p !== 'HA') add(`tgrp${c}`, 'grip', ['HA', p, 'LG', p === 'HG' ? 'F' : via, 'LG']);
  add(`hgrp${c}`, 'grip', [p, 'LG', via, 'LG'], { dropsLead: false });
}
add('ggrpdb', 'grip', ['HG', 'D', 'LG', 'B', 'LG']);
add('tgrpdb', 'grip', ['HA', 'D', 'LG', 'B', 'LG']);
add('hgrpdb', 'grip', ['D', 'LG', 'B', 'LG'], { dropsLead: false });

// Taorluath: the grip then E.
add('tar', 'taorluath', ['LG', 'D', 'LG', 'E'], { gripFromD: true });
add('tarb', 'taorluath', ['LG', 'B', 'LG', 'E']);
add('htar', 'taorluath', ['D', 'LG', 'E'], { dropsLead: false, gripFromD: true });

add('bubly', 'bubbly', ['LG', 'D', 'LG', 'C', 'LG']);
add('hbubly', 'bubbly', ['D', 'LG', 'C', 'LG'], { dropsLead: false });

add('brl', 'birl', ['LG', 'LA', 'LG']);
add('abr', 'birl', ['LA', 'LG', 'LA', 'LG']);
add('gbr', 'birl', ['HG', 'LA', 'LG', 'LA', 'LG']);
add('tbr', 'birl', ['HA', 'LA', 'LG', 'LA', 'LG']);

// D throws: light (Low G, D, C) and heavy (Low G, D, Low G, C), each with a half form.
add('thrd', 'throw', ['LG', 'D', 'C']);
add('hvthrd', 'throw', ['LG', 'D', 'LG', 'C']);
add('hthrd', 'throw', ['D', 'C'], { dropsLead: false });
add('hhvthrd', 'throw', ['D', 'LG', 'C'], { dropsLead: false });

// Peles (closed doublings): lead, note, upper gracenote, note, strike.
for (const p of scale.slice(1, 8)) {
  const c = codeOf(p);
  const body: Pitch[] = [p, peleUpper(p), p, strikeBelow(p)];
  if (p !== 'HG') add(`pel${c}`, 'pele', ['HG', ...body]);
  add(`tpel${c}`, 'pele', ['HA', ...body]);
  add(`hpel${c}`, 'pele', body, { dropsLead: false });
}
add('lpeld', 'pele', ['HG', 'D', 'E', 'D', 'C']);
add('ltpeld', 'pele', ['HA', 'D', 'E', 'D', 'C']);
add('lhpeld', 'pele', ['D', 'E', 'D', 'C'], { dropsLead: false });

// Piobaireachd movements (cadences, echo beats, edres, darodo, rodin, lemluaths, taorluath and
// crunluath variations, triplings …) from their own data file. A lead is dropped after the
// same pitch only for High G, thumb and Low G leads: an edre's E is part of the movement.
const letters: Readonly<Record<string, Pitch>> = {
  g: 'LG',
  a: 'LA',
  b: 'B',
  c: 'C',
  d: 'D',
  e: 'E',
  f: 'F',
  G: 'HG',
  A: 'HA',
};
for (const [code, family, graces] of piobaireachdMovements) {
  const pitches = [...graces].map((l) => letters[l] ?? 'LA');
  const lead = pitches[0];
  add(code, family, pitches, { dropsLead: lead === 'HG' || lead === 'HA' || lead === 'LG' });
}

/** The note part of a BWW code ('db' + 'e' = 'dbe', 'gst' + 'd' = 'gstd'). */
export const bwwNoteSuffix: Readonly<Record<Pitch, string>> = {
  LG: 'lg',
  LA: 'la',
  B: 'b',
  C: 'c',
  D: 'd',
  E: 'e',
  F: 'f',
  HG: 'hg',
  HA: 'ha',
};

/** Families whose codes end with the note they are made for ('dbc', 'gstd', 'pelf'). */
export const NOTE_NAMED_FAMILIES: ReadonlySet<EmbellishmentFamily> = new Set<EmbellishmentFamily>([
  'doubling',
  'thumb-doubling',
  'half-doubling',
  'g-strike',
  'thumb-strike',
  'half-strike',
  'double-strike',
  'triple-strike',
  'pele',
]);

/** All entries, keyed by BWW code. */
export const embellishmentTable: ReadonlyMap<string, EmbellishmentEntry> = table;

/** The embellishment a BWW code names, or null when it is not an embellishment code. */
export function embellishmentOf(code: string): Embellishment | null {
  const entry = table.get(code);
  return entry ? { family: entry.family, code } : null;
}

/**
 * The grace notes played for an embellishment in context (see the module comment for the rules).
 * Unknown codes give no grace notes.
 */
export function graceNotes(
  embellishment: Embellishment | string,
  context: GraceContext = { prev: null, note: null },
): readonly Pitch[] {
  const code = typeof embellishment === 'string' ? embellishment : embellishment.code;
  const entry = table.get(code);
  if (!entry) return [];
  let pitches = [...entry.written];
  if (entry.gripFromD && context.prev === 'D') {
    pitches = pitches.map((p, i) => (p === 'D' && i <= 1 ? 'B' : p));
  }
  if (entry.family === 'taorluath' && context.note === 'E' && pitches.at(-1) === 'E') {
    // A taorluath onto E: its closing E gracenote is the melody note itself.
    pitches = pitches.slice(0, -1);
  }
  const lead = pitches[0];
  const prev = context.prev;
  if (entry.dropsLead && pitches.length > 1 && prev !== null) {
    if (lead === prev || (lead === 'HG' && prev === 'HA')) pitches = pitches.slice(1);
  }
  return pitches;
}
