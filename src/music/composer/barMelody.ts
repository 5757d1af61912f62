/**
 * A bar's melody notes (issue 19 item 1). Each note is drawn from what the project's own library
 * writes after the two notes before it (second order, on a beat start or inside one), backing off
 * to one note before, then from the form's own tunes to related ones and to all
 * (learnFormStats.ts, formGroups.ts, backoff.ts). The plan bends this only lightly (weights tuned
 * by leave-one-out over the library, composerWeights.ts): chord notes on beats, the part's range,
 * few leaps wider than a fifth, and a step onto a cadence's target, which the bar ends on.
 * Motif notes, when given, are taken as they are.
 */
import { pitches, scaleIndex, type Pitch } from '../notes.ts';
import type { Random } from '../random.ts';
import { bridgeTo } from './bridgeTo.ts';
import { nextNoteChances } from './nextNoteChances.ts';
import { stepFactor } from './stepCalibration.ts';
import type { ComposerWeights } from './composerWeights.ts';
import type { ComposerModel } from './learnComposerModel.ts';
import type { GroupStats } from './learnFormStats.ts';
import type { BarPlan, Chord } from './composition.ts';

export { nextNoteChances };

export const CHORD_NOTES: Readonly<Record<Chord, readonly Pitch[]>> = {
  A: ['LA', 'C', 'E', 'HA'],
  G: ['LG', 'B', 'D', 'HG'],
  D: ['D', 'F', 'HA', 'LA'],
};

export interface MelodyContext {
  readonly model: ComposerModel;
  /** The form's groups of library tunes, most specific first (formGroups.ts). */
  readonly groups: readonly GroupStats[];
  readonly weights: ComposerWeights;
  readonly plan: BarPlan;
  readonly centre: number;
  /** The melody note before the bar (null at the tune's start). */
  readonly prev: Pitch | null;
  /** The note before that (null when unknown). */
  readonly before?: Pitch | null;
  /** Notes that must come first (a motif), consumed in order. */
  readonly given?: readonly Pitch[];
  /** The note after the bar, when already known (a restated bar follows). */
  readonly next?: Pitch | null;
  /** Factors per step that keep the composed steps the library's (stepCalibration.ts). */
  readonly steps?: readonly number[];
  /**
   * Ticks of the bar before the first note (0): a pickup stands at a bar's end (pickupBar.ts),
   * so a quaver pickup in 2/4 is off the beat and drawn as the library's off-beat notes are.
   */
  readonly offset?: number;
}

export function weighted(weights: readonly number[], random: Random): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let r = random() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/** Tick positions of the bar's notes. */
function onsets(beats: readonly (readonly number[])[]): number[] {
  const out: number[] = [];
  let at = 0;
  for (const t of beats.flat()) {
    out.push(at);
    at += t;
  }
  return out;
}

/** Pitches for the bar's notes (`beats` gives the rhythm; notes on a beat start are strong). */
export function barMelody(
  beats: readonly (readonly number[])[],
  beatTicks: number,
  context: MelodyContext,
  random: Random,
): Pitch[] {
  const { plan, centre, weights } = context;
  const chord = CHORD_NOTES[plan.chord].map(scaleIndex);
  const offset = context.offset ?? 0;
  const strongFlags = onsets(beats).map((at) => (offset + at) % beatTicks === 0);
  const count = strongFlags.length;
  const out: Pitch[] = [];
  let prev = context.prev === null ? null : scaleIndex(context.prev);
  let prev2 = context.before == null ? null : scaleIndex(context.before);
  // With a lead-in, the bar ends on it and the cadence note stands on the last beat group's
  // first note, or the group before's when the last group is the lead-in alone.
  const cadence = plan.target === null ? null : scaleIndex(plan.target);
  const target = plan.leadIn ? scaleIndex(plan.leadIn) : cadence;
  const lastGroup = beats.at(-1)!;
  const landingAt = !plan.leadIn
    ? -1
    : lastGroup.length > 1
      ? count - lastGroup.length
      : beats.length > 1
        ? count - 1 - beats.at(-2)!.length
        : -1;
  // The fixed notes ahead (the cadence, a lead-in, the next bar's first note): the notes before
  // each are drawn as the chain would draw them on its way there (bridgeTo.ts).
  const fixed: [number, number][] = [];
  if (landingAt >= 0 && cadence !== null) fixed.push([landingAt, cadence]);
  if (target !== null) fixed.push([count - 1, target]);
  else if (context.next) fixed.push([count, scaleIndex(context.next)]);
  const givenCount = context.given?.length ?? 0;
  const strongAt = (j: number) => j >= count || strongFlags[j]!;
  const bridges = new Map<number, number[]>();
  let from = givenCount;
  for (const [at, note] of fixed) {
    for (const [i, r] of bridgeTo(context.groups, weights, strongAt, from, at, note)) {
      bridges.set(i, r);
    }
    from = at + 1;
  }
  for (let i = 0; i < count; i++) {
    const given = context.given?.[i];
    let p: number;
    if (given) p = scaleIndex(given);
    else if (target !== null && i === count - 1) p = target;
    else if (i === landingAt && cadence !== null) p = cadence;
    else {
      const strong = strongFlags[i]!;
      const chances = nextNoteChances(context.groups, weights, prev2, prev, strong);
      const w = chances.map((c, q) => {
        let x = c * (bridges.get(i)?.[q] ?? 1) * stepFactor(context.steps, weights, prev, q);
        if (strong && chord.includes(q)) x *= weights.chord;
        x *= Math.exp(-((q - centre) ** 2) / weights.range);
        if (prev !== null && Math.abs(q - prev) > 4) x *= weights.leap;
        // Approach a cadence by step: the note before the target is its neighbour.
        if (target !== null && i === count - 2 && Math.abs(q - target) === 1) x *= weights.approach;
        // Two equal notes before a cadence's equal target would need two strikes in a row.
        if (target !== null && i === count - 2 && q === target) x *= 0.3;
        return x;
      });
      p = weighted(w, random);
    }
    out.push(pitches[p]!);
    prev2 = prev;
    prev = p;
  }
  return out;
}
