/**
 * Stage 7 (issue 20 item 1): grace notes read off the page → the app's embellishment names.
 * A reverse lookup of src/music/tune/embellishments.ts: every code whose grace notes as written
 * are exactly the pitches read; only when none is, every code whose grace notes played in
 * context (the melody note before and the one it is on, so a doubling after High G drawn
 * without its lead still reads as a doubling) are. Named movements win over
 * plain single/double gracenotes; a lone gracenote just below a repeated note is a strike.
 * No match → the graces are kept one by one (`gg`, `dg` …) and the caller warns.
 */
import type { Pitch } from '../notes.ts';
import {
  bwwNoteSuffix,
  embellishmentOf,
  embellishmentTable,
  type EmbellishmentEntry,
  graceNotes,
  NOTE_NAMED_FAMILIES,
} from '../tune/embellishments.ts';
import { piobaireachdMovements } from '../tune/piobaireachdMovements.ts';
import type { Embellishment } from '../tune/tune.ts';

export interface GraceReading {
  readonly embellishments: readonly Embellishment[];
  /** False when no embellishment matched and the graces were kept one by one. */
  readonly matched: boolean;
}

const singleCode: Readonly<Record<Pitch, string>> = {
  LG: '', // BWW has no lone Low G gracenote: dropped (the caller warns)
  LA: 'ag',
  B: 'bg',
  C: 'cg',
  D: 'dg',
  E: 'eg',
  F: 'fg',
  HG: 'gg',
  HA: 'tg',
};

const plainFamilies = new Set(['grace', 'double-grace']);
/**
 * Light-music movements, most common first: when two name the same grace notes (a birl and a
 * double strike on Low A), the commoner wins. Anything else (piobaireachd movements) comes
 * only after plain gracenotes.
 */
const lightMusic: readonly string[] = [
  'doubling',
  'half-doubling',
  'thumb-doubling',
  'grip',
  'taorluath',
  'birl',
  'throw',
  'bubbly',
  'g-strike',
  'thumb-strike',
  'half-strike',
  'pele',
  'double-strike',
  'triple-strike',
];
const ceolMorCodes = new Set(piobaireachdMovements.map(([code]) => code));

export function embellishmentsOfGraces(
  graces: readonly Pitch[],
  prev: Pitch | null,
  note: Pitch,
): GraceReading {
  if (graces.length === 0) return { embellishments: [], matched: true };
  const same = (a: readonly Pitch[]): boolean =>
    a.length === graces.length && a.every((p, i) => p === graces[i]);
  // As written first: a page shows a movement's grace notes as its engraver wrote them (the
  // app's renderer draws `graceNotes(code)` without context), so B D after High G is a half
  // doubling, not a doubling that lost its lead — reading it as `dbb` would write an High G
  // that is not on the page. Only when nothing matches as written, as played in context (an
  // engraver who drops a doubling's lead after High G).
  return (
    bestCode(prev, note, (code, entry) => same(entry.written)) ??
    bestCode(prev, note, (code) => same(graceNotes(code, { prev, note }))) ?? {
      embellishments: graces
        .map((p) => embellishmentOf(singleCode[p]))
        .filter((e): e is Embellishment => e !== null),
      matched: false,
    }
  );
}

function bestCode(
  prev: Pitch | null,
  note: Pitch,
  matches: (code: string, entry: EmbellishmentEntry) => boolean,
): GraceReading | null {
  let plain: string | null = null;
  let named: string | null = null;
  let namedRank = Infinity;
  let ceolMor: string | null = null;
  for (const [code, entry] of embellishmentTable) {
    if (!matches(code, entry)) continue;
    // Doublings, strikes and peles are played on the note their code names ('st2d' is on D):
    // the same grace notes before another note are something else (a grip before Low A).
    if (NOTE_NAMED_FAMILIES.has(entry.family) && !code.endsWith(bwwNoteSuffix[note])) continue;
    const rank = ceolMorCodes.has(code) ? -2 : lightMusic.indexOf(entry.family);
    if (plainFamilies.has(entry.family)) plain ??= code;
    else if (entry.family === 'strike') {
      // A lone gracenote is a strike only between two of the same note (the grace below it).
      if (prev === note && namedRank > -1) {
        named = code;
        namedRank = -1;
      }
    } else if (rank >= 0 && !ceolMorCodes.has(code)) {
      if (rank < namedRank) {
        named = code;
        namedRank = rank;
      }
    } else ceolMor ??= code;
  }
  const code = named ?? plain ?? ceolMor;
  const e = code ? embellishmentOf(code) : null;
  return e ? { embellishments: [e], matched: true } : null;
}
