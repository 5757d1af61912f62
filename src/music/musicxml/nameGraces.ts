/**
 * The embellishment names of the grace notes before one melody note (issue 15 item 4).
 * Chanterlab's own MusicXML export writes each embellishment's name, hidden, on its first grace
 * note (../bww/toMusicXml.ts): those names are taken when they still play these very grace
 * notes in this context (an edit in another program may have changed the notes). Otherwise the
 * notes are named from the embellishment table (./embellishmentsOfGraces.ts).
 */
import type { Pitch } from '../notes.ts';
import { embellishmentTable, graceNotes, type GraceContext } from '../tune/embellishments.ts';
import type { Embellishment } from '../tune/tune.ts';
import { embellishmentsOfGraces, type GraceNaming } from './embellishmentsOfGraces.ts';

export interface ReadGrace {
  readonly pitch: Pitch;
  /** The name written on this grace note by Chanterlab's export, if any. */
  readonly hint: string | null;
}

function namesFromHints(
  graces: readonly ReadGrace[],
  context: GraceContext,
): Embellishment[] | null {
  if (!graces[0]?.hint) return null;
  const out: Embellishment[] = [];
  for (let i = 0; i < graces.length;) {
    const code = graces[i]?.hint ?? '';
    const entry = embellishmentTable.get(code);
    const played = entry ? graceNotes(code, context) : [];
    if (!entry || played.length === 0) return null;
    // Each name must cover exactly its own notes, up to the next name.
    for (let k = 0; k < played.length; k++) {
      const g = graces[i + k];
      if (!g || g.pitch !== played[k] || (k > 0 && g.hint)) return null;
    }
    out.push({ family: entry.family, code });
    i += played.length;
  }
  return out;
}

export function nameGraces(graces: readonly ReadGrace[], context: GraceContext): GraceNaming {
  if (graces.length === 0) return { embellishments: [], unnamed: [] };
  const hinted = namesFromHints(graces, context);
  if (hinted) return { embellishments: hinted, unnamed: [] };
  return embellishmentsOfGraces(
    graces.map((g) => g.pitch),
    context,
  );
}
