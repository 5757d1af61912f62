/**
 * What the composer learns from tunes (issue 19 item 1): counts, not a network. From each
 * tune's melody it counts, by scale step (Low G = 0 … High A = 8):
 *  - `moves[prev][next]`: which note follows which (first order), separately for notes that
 *    start a beat (`strong`) and notes inside one (`weak`) — beats pull towards chord notes;
 *  - `graces[family][pitch]`: the embellishment families written on each note on a beat start,
 *    and `bare[pitch]`: beat-start notes written with none — so the composer places doublings,
 *    grips and throws on the notes pipers put them on, as often as they do.
 *
 * It learns ONLY from the project's own public-domain library (src/music/library/*.bww, see
 * scripts/train-composer.ts), never from the shared corpus or other third-party files — the
 * issue's rule. The counts are small (a few hundred numbers) and ship as JSON.
 */
import { scaleIndex } from '../notes.ts';
import { barsOf, type Note, type Tune } from '../tune/tune.ts';

export interface ComposerModel {
  /** Tunes counted, for the record. */
  readonly tunes: number;
  readonly moves: { readonly strong: number[][]; readonly weak: number[][] };
  readonly graces: Record<string, number[]>;
  readonly bare: number[];
}

const ticksOf = (note: Pick<Note, 'duration' | 'dots'>): number =>
  (16 / note.duration) * (note.dots === 1 ? 1.5 : note.dots === 2 ? 1.75 : 1);

const square = () => Array.from({ length: 9 }, () => Array<number>(9).fill(0));

export function learnComposerModel(tunes: readonly Tune[]): ComposerModel {
  const strong = square();
  const weak = square();
  const graces: Record<string, number[]> = {};
  const bare = Array<number>(9).fill(0);
  for (const tune of tunes) {
    let beatTicks = 4;
    let prev: number | null = null;
    for (const bar of barsOf(tune)) {
      let at = 0;
      for (const item of bar.items) {
        if (item.kind === 'time') beatTicks = item.beatType === 8 ? 6 : 16 / item.beatType;
        if (item.kind === 'rest') {
          at += ticksOf(item);
          prev = null;
        }
        if (item.kind !== 'note') continue;
        const pitch = scaleIndex(item.pitch);
        const onBeat = Math.abs(at % beatTicks) < 1e-9;
        if (prev !== null) (onBeat ? strong : weak)[prev]![pitch]! += 1;
        if (onBeat) {
          if (item.embellishments.length === 0) bare[pitch]! += 1;
          for (const e of item.embellishments) {
            (graces[e.family] ??= Array<number>(9).fill(0))[pitch]! += 1;
          }
        }
        // Tuplets are rare in light music and change no beat-start here; their notes count
        // at their written length, which is enough for counting who follows whom.
        at += ticksOf(item);
        prev = pitch;
      }
    }
  }
  return { tunes: tunes.length, moves: { strong, weak }, graces, bare };
}
