/**
 * A starting motif taken from a bar of a built-in library tune (issue 19 item 1: 'or taken
 * from a bar of an existing tune'): the bar's melody notes, gracenotes left out. Only the
 * app's own public-domain tunes are offered, so the composer borrows nothing it may not use.
 */
import { parseBww } from '../../../music/bww/parseBww.ts';
import { COMPOSER_LIMITS } from '../../../music/composer/composition.ts';
import type { Pitch } from '../../../music/notes.ts';
import { barsOf } from '../../../music/tune/tune.ts';

/** Each bar's melody notes (bars without notes left out), at most a motif's length each. */
export function barMotifs(bww: string): Pitch[][] {
  const tune = parseBww(bww).tunes[0];
  if (!tune) return [];
  return barsOf(tune)
    .map((bar) =>
      bar.items
        .flatMap((item) => (item.kind === 'note' ? [item.pitch] : []))
        .slice(0, COMPOSER_LIMITS.motifMax),
    )
    .filter((notes) => notes.length > 0);
}
