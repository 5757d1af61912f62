/**
 * A bar's melody notes (issue 19 item 1). Each note is drawn from the learned counts of which
 * note follows which (composerModel.json, from the project's own library only), shaped by:
 * chord notes on the beats (the bar's implied chord), the part's range (later parts higher),
 * few leaps wider than a fifth, and — at a cadence — a stepwise approach onto the target note.
 * Motif notes, when given, are taken as they are.
 */
import { pitches, scaleIndex, type Pitch } from '../notes.ts';
import type { Random } from '../random.ts';
import type { ComposerModel } from './learnComposerModel.ts';
import type { BarPlan, Chord } from './composition.ts';

export const CHORD_NOTES: Readonly<Record<Chord, readonly Pitch[]>> = {
  A: ['LA', 'C', 'E', 'HA'],
  G: ['LG', 'B', 'D', 'HG'],
  D: ['D', 'F', 'HA', 'LA'],
};

export interface MelodyContext {
  readonly model: ComposerModel;
  readonly plan: BarPlan;
  readonly centre: number;
  /** The melody note before the bar (null at the tune's start). */
  readonly prev: Pitch | null;
  /** Notes that must come first (a motif), consumed in order. */
  readonly given?: readonly Pitch[];
}

function weighted(weights: readonly number[], random: Random): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let r = random() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/** Pitches for the bar's notes (`beats` gives the rhythm: a beat's first note is strong). */
export function barMelody(
  beats: readonly (readonly number[])[],
  context: MelodyContext,
  random: Random,
): Pitch[] {
  const { model, plan, centre } = context;
  const chord = CHORD_NOTES[plan.chord].map(scaleIndex);
  const strongFlags = beats.flatMap((beat) => beat.map((_, i) => i === 0));
  const count = strongFlags.length;
  const out: Pitch[] = [];
  let prev = context.prev === null ? null : scaleIndex(context.prev);
  const target = plan.target === null ? null : scaleIndex(plan.target);
  for (let i = 0; i < count; i++) {
    const given = context.given?.[i];
    if (given) {
      out.push(given);
      prev = scaleIndex(given);
      continue;
    }
    if (target !== null && i === count - 1) {
      out.push(pitches[target]!);
      prev = target;
      continue;
    }
    const strong = strongFlags[i]!;
    const counts = prev === null ? null : model.moves[strong ? 'strong' : 'weak'][prev]!;
    const weights = pitches.map((_, p) => {
      let w = counts ? counts[p]! + 0.5 : 1;
      if (strong) w *= chord.includes(p) ? 1.6 : 0.7;
      w *= Math.exp(-((p - centre) ** 2) / 24);
      if (prev !== null) {
        const leap = Math.abs(p - prev);
        if (leap > 4) w *= 0.2;
      }
      // Approach a cadence by step: the note before the target is its neighbour or a third.
      if (target !== null && i === count - 2) {
        const gap = Math.abs(p - target);
        w *= gap === 1 ? 3 : gap === 2 ? 1.5 : gap === 0 ? 0.3 : 0.2;
      }
      return w;
    });
    const p = weighted(weights, random);
    out.push(pitches[p]!);
    prev = p;
  }
  return out;
}
