/**
 * Where each embellishment may stand (issue 19 item 1: 'only on notes each embellishment can
 * lead into, per the app's embellishment table'). The codes are the table's
 * (src/music/tune/embellishments.ts); the rules are the light-music conventions the table's
 * comments give, from the previous melody note and the note itself:
 *  - a G gracenote needs a note below High G and cannot follow High G or High A (the finger is
 *    already up); a thumb gracenote any note below High A, not after High A;
 *  - a doubling suits any note (after High G it sounds as a half doubling: the table drops the lead);
 *  - a strike (G-strike) separates a note from itself: only on a repeated note, Low A to F
 *    (a plain strike, the gracenote below, on any repeated note above Low G);
 *  - a grip lands on Low A, B, C or E, not from Low G (from D it is written with B: 'grpb');
 *  - a taorluath lands on Low A, B or C, not from Low G (from D: 'tarb');
 *  - a throw on D comes from below D;
 *  - a birl is on Low A after Low A.
 * A note repeated without any of these would be one long note on the chanter, so the composer
 * never writes two equal notes in a row without one.
 */
import { scaleIndex, type Pitch } from '../notes.ts';
import type { EmbellishmentFamily } from '../tune/tune.ts';
import { bwwNoteSuffix } from '../tune/embellishments.ts';

const STRIKE_BELOW: Partial<Record<Pitch, Pitch>> = {
  LA: 'LG',
  B: 'LG',
  C: 'LG',
  D: 'LG',
  E: 'LA',
  F: 'E',
  HG: 'F',
  HA: 'HG',
};

export interface EmbellishmentChoice {
  readonly family: EmbellishmentFamily;
  readonly code: string;
}

/** The embellishments that may stand on `note` after `prev` (null: the tune's first note). */
export function legalEmbellishments(prev: Pitch | null, note: Pitch): EmbellishmentChoice[] {
  const n = scaleIndex(note);
  const p = prev === null ? null : scaleIndex(prev);
  const out: EmbellishmentChoice[] = [];
  if (n <= scaleIndex('F') && (p === null || p < scaleIndex('HG'))) {
    out.push({ family: 'grace', code: 'gg' });
  }
  if (n <= scaleIndex('HG') && prev !== 'HA') out.push({ family: 'grace', code: 'tg' });
  out.push({ family: 'doubling', code: `db${bwwNoteSuffix[note]}` });
  if (prev === note && n >= scaleIndex('LA') && n <= scaleIndex('F')) {
    out.push({ family: 'g-strike', code: `gst${bwwNoteSuffix[note]}` });
  }
  // The plain strike (the gracenote below: Low G under Low A…D, Low A under E, E under F, F
  // under High G, High G under High A — the table's convention) parts a repeated note too.
  if (prev === note && n >= scaleIndex('LA')) {
    out.push({ family: 'strike', code: `str${bwwNoteSuffix[STRIKE_BELOW[note]!]}` });
  }
  if (['LA', 'B', 'C', 'E'].includes(note) && prev !== 'LG') {
    out.push({ family: 'grip', code: prev === 'D' ? 'grpb' : 'grp' });
  }
  if (['LA', 'B', 'C'].includes(note) && prev !== 'LG') {
    out.push({ family: 'taorluath', code: prev === 'D' ? 'tarb' : 'tar' });
  }
  if (note === 'D' && p !== null && p < scaleIndex('D'))
    out.push({ family: 'throw', code: 'thrd' });
  if (note === 'LA' && prev === 'LA') out.push({ family: 'birl', code: 'brl' });
  return out;
}

/** Whether a code may stand on `note` after `prev`. */
export function isLegalEmbellishment(code: string, prev: Pitch | null, note: Pitch): boolean {
  return legalEmbellishments(prev, note).some((choice) => choice.code === code);
}
