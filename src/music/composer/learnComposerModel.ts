/**
 * What the composer learns from tunes (issue 19 item 1): counts, not a network. From each
 * tune's melody it counts, by scale step (Low G = 0 … High A = 8):
 *  - `moves[prev][next]`: which note follows which (first order), separately for notes that
 *    start a beat (`strong`) and notes inside one (`weak`) — beats pull towards chord notes;
 *  - `graces[family][pitch]`: the embellishment families written on each note on a beat start,
 *    and `bare[pitch]`: beat-start notes written with none — so the composer places doublings,
 *    grips and throws on the notes pipers put them on, as often as they do.
 *
 *  - `groups`: the same and more per form (second order, rhythm per beat position, cadence
 *    notes, embellishments on and off the beat), see learnFormStats.ts.
 *
 * It learns ONLY from the project's own public-domain library (src/music/library/*.bww, see
 * scripts/train-composer.ts), never from the shared corpus or other third-party files — the
 * issue's rule. The counts are small (a few hundred numbers) and ship as JSON.
 */
import { scaleIndex } from '../notes.ts';
import { barsOf, tuneText, type Note, type TimeSignature, type Tune } from '../tune/tune.ts';
import { learnFormStats, type GroupStats } from './learnFormStats.ts';
import { libraryRunHashes } from './libraryRuns.ts';
import { composeTune } from './composeTune.ts';
import { melodyGroups } from './composerEngine.ts';
import { notesOfComposition } from './composition.ts';
import { COMPOSER_WEIGHTS, type ComposerWeights } from './composerWeights.ts';
import { calibrateSteps } from './stepCalibration.ts';

export interface ComposerModel {
  /** Tunes counted, for the record. */
  readonly tunes: number;
  /**
   * Beat rhythms by tune type and time signature ('march 2/4' …): the ticks of the notes of one
   * beat ('3,1') and how often pipers wrote it; beats whose notes cross into the next beat are
   * not counted.
   */
  readonly cells: Record<string, Record<string, number>>;
  readonly moves: { readonly strong: number[][]; readonly weak: number[][] };
  readonly graces: Record<string, number[]>;
  readonly bare: number[];
  /**
   * Per group of tunes ('march 2/4', 'march', '*'): second-order notes, beat rhythms by place,
   * cadence notes and embellishments per note on and off the beat (learnFormStats.ts).
   */
  readonly groups: Record<string, GroupStats>;
  /** Hashes of the library's two-bar runs, which the composer never repeats (libraryRuns.ts). */
  readonly runs: number[];
  /**
   * Factors per step (−8 … +8) for each form (airs per time signature) that keep the composed
   * tunes' steps the library's (stepCalibration.ts); absent: none.
   */
  readonly steps?: Record<string, number[]>;
}

const ticksOf = (note: Pick<Note, 'duration' | 'dots'>): number =>
  (16 / note.duration) * (note.dots === 1 ? 1.5 : note.dots === 2 ? 1.75 : 1);

/** Cells are counted per crotchet in simple time and per dotted crotchet in compound time. */
function beatTicksOf(time: TimeSignature): number {
  return time.beatType === 8 && time.beats % 3 === 0 ? 6 : 4;
}

function signatureOf(time: TimeSignature): string {
  if (time.symbol === 'common') return '4/4';
  if (time.symbol === 'cut') return '2/2';
  return `${time.beats}/${time.beatType}`;
}

const square = () => Array.from({ length: 9 }, () => Array<number>(9).fill(0));

/**
 * The counts, then the step factors that keep composing with them near the library's steps
 * (calibrated with `weights`, the shipped ones unless the tuning passes others).
 */
export function learnComposerModel(
  tunes: readonly Tune[],
  weights: ComposerWeights = COMPOSER_WEIGHTS,
): ComposerModel {
  const counts = countComposerModel(tunes);
  const steps = calibrateSteps(
    { model: counts, weights: { ...weights, steps: 1 } },
    melodyGroups,
    (form, seed, meter, engine) =>
      notesOfComposition(composeTune({ form, seed, ...(meter ? { meter } : {}) }, engine)).map(
        (n) => n.note.pitch,
      ),
  );
  return { ...counts, steps };
}

/** The counts alone (no step factors). */
export function countComposerModel(tunes: readonly Tune[]): ComposerModel {
  const strong = square();
  const weak = square();
  const graces: Record<string, number[]> = {};
  const bare = Array<number>(9).fill(0);
  const cells: Record<string, Record<string, number>> = {};
  for (const tune of tunes) {
    const first = tune.parts.flatMap((p) => p.lines).find((l) => l.time)?.time ?? null;
    let beatTicks = first ? beatTicksOf(first) : 4;
    let signature = first ? signatureOf(first) : '4/4';
    const type = tuneText(tune, 'type').toLowerCase();
    let prev: number | null = null;
    for (const bar of barsOf(tune)) {
      let at = 0;
      let beat: number[] = [];
      let clean = true;
      const closeBeat = () => {
        if (clean && beat.length > 0) {
          const table = (cells[`${type} ${signature}`] ??= {});
          const key = beat.join(',');
          table[key] = (table[key] ?? 0) + 1;
        }
        beat = [];
        clean = true;
      };
      for (const item of bar.items) {
        if (item.kind === 'time') {
          beatTicks = beatTicksOf(item);
          signature = signatureOf(item);
        }
        if (item.kind === 'rest') {
          at += ticksOf(item);
          prev = null;
          clean = false;
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
        if (onBeat && beat.length > 0) closeBeat();
        if (item.tupletStart || item.tie) clean = false;
        beat.push(ticksOf(item));
        at += ticksOf(item);
        // A note running past its beat's end makes the beat no cell of its own.
        const start = at - ticksOf(item);
        if (Math.floor(start / beatTicks + 1e-9) !== Math.floor((at - 1e-9) / beatTicks)) {
          clean = false;
        }
        if (Math.abs(at % beatTicks) < 1e-9) closeBeat();
        prev = pitch;
      }
    }
  }
  return {
    tunes: tunes.length,
    cells,
    moves: { strong, weak },
    graces,
    bare,
    groups: learnFormStats(tunes),
    runs: libraryRunHashes(tunes),
  };
}
