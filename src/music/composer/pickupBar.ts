/**
 * The pickup (anacrusis) a tune opens with (issue 19 item 1, 'the form's rhythms'): every 2/4
 * march of the project's library, and most of its airs, jigs and reels, starts with one or two
 * notes before the first part's repeat sign, and its last bar is short by as much, so that the
 * tune played round again has whole bars. Whether a form opens so, and with which note lengths,
 * is learned from the library tunes of its own type and time signature (learnFormStats.ts
 * `pickups`); a form the library lacks (retreat, strathspey, hornpipe) opens on the beat.
 * Later parts open on the beat: their lead-in closes the part before, as the library writes.
 */
import { seededRandom } from '../random.ts';
import { weighted } from './barMelody.ts';
import { barTicks, specOf, type AirMeter } from './composerForms.ts';
import { rhythmGroups, type ComposerEngine } from './composerEngine.ts';
import { WRITABLE_TICKS, type ComposeOptions } from './composition.ts';

/**
 * The beats of a bar cut short at `ticks`: its drawn beats up to the beat the cut falls in (a
 * learned cell spanning beats — a dotted crotchet and a quaver over two — only if it ends in
 * time), crotchet-long beats to fill, then one note for what is left (the cadence note held as
 * long as the bar allows). Null when that length cannot be written.
 */
export function shortenedBeats(
  beats: readonly (readonly number[])[],
  beatTicks: number,
  ticks: number,
): number[][] | null {
  const rest = ticks % beatTicks;
  if (rest > 0 && !WRITABLE_TICKS.includes(rest)) return null;
  const out: number[][] = [];
  let at = 0;
  for (const beat of beats) {
    const length = beat.reduce((s, t) => s + t, 0);
    if (at + length > ticks - rest) break;
    out.push([...beat]);
    at += length;
  }
  while (at + beatTicks <= ticks) {
    out.push([beatTicks]);
    at += beatTicks;
  }
  if (rest > 0) out.push([rest]);
  return out;
}

/**
 * The pickup's note lengths for this tune, or null for none: drawn (on its own stream, so the
 * rest of the plan draws as before) as often as the form's library tunes open with each.
 */
export function pickupRhythm(
  options: ComposeOptions,
  engine: ComposerEngine,
  meter?: AirMeter,
): readonly number[] | null {
  // A motif is the tune's opening as the piper gave it: nothing goes before it.
  if (options.motif?.length) return null;
  const counts = rhythmGroups(engine, options.form, meter)[0]?.pickups ?? {};
  const keys = Object.keys(counts).sort();
  if (keys.length === 0) return null;
  const key =
    keys[
      weighted(
        keys.map((k) => counts[k]!),
        seededRandom((options.seed ^ 0x9c4a) >>> 0),
      )
    ]!;
  if (key === '') return null;
  const ticks = key.split(',').map(Number);
  const spec = specOf(options.form, meter);
  const total = ticks.reduce((s, t) => s + t, 0);
  // The last bar must be writable short by as much (shortenedBeats); else open on the beat.
  const lastBeats = Array.from({ length: spec.beatsPerBar }, () => [spec.beatTicks]);
  if (total >= barTicks(spec) || !shortenedBeats(lastBeats, spec.beatTicks, barTicks(spec) - total))
    return null;
  return ticks;
}

/** Whether a pickup note at `at` ticks into the pickup starts a beat (it is played at a bar's end). */
export function pickupOnBeat(
  pickup: readonly number[],
  at: number,
  beatTicks: number,
  barLength: number,
): boolean {
  const total = pickup.reduce((s, t) => s + t, 0);
  return (barLength - total + at) % beatTicks === 0;
}
