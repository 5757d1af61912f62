/**
 * Held-out likelihood for `npm run tune:composer -- --likelihood` (issue 19 item 1): how many
 * bits per note the composer's learned chances spend on a library tune it was not trained on —
 * the melody (which note follows, backing off from second to first order and from the form's
 * own tunes to all, bent by the part's range and the leap weight) and the embellishment family
 * on each note. Unlike the Jensen–Shannon distance between a handful of composed tunes and one
 * held-out tune, it scores every note of the held-out tune exactly, so the back-off weights
 * (how much a form with one to four library tunes should lean on the pooled counts) can be
 * chosen without sampling noise (Chen & Goodman, 'An empirical study of smoothing techniques
 * for language modeling', 1998: smoothing parameters are set on held-out data by likelihood).
 * Library tunes only; the shared corpus is never read here.
 */
import { scaleIndex } from '../src/music/notes.ts';
import type { ComposerEngine } from '../src/music/composer/composerEngine.ts';
import { melodyGroups } from '../src/music/composer/composerEngine.ts';
import type { AirMeter, ComposerForm } from '../src/music/composer/composerForms.ts';
import { nextNoteChances } from '../src/music/composer/barMelody.ts';
import { familyChances } from '../src/music/composer/embellishBar.ts';
import { beatTicksOf } from '../src/music/composer/learnFormStats.ts';
import { partCentre } from '../src/music/composer/planTune.ts';
import type { Note, TimeSignature, Tune } from '../src/music/tune/tune.ts';

export interface HeldOutNote {
  readonly pitch: number;
  readonly strong: boolean;
  readonly family: string;
  readonly part: number;
}

const ticksOf = (note: Pick<Note, 'duration' | 'dots'>): number =>
  (16 / note.duration) * (note.dots === 1 ? 1.5 : note.dots === 2 ? 1.75 : 1);

/** A tune's melody notes in order, each with its place in the beat and its embellishment. */
export function heldOutNotes(tune: Tune): HeldOutNote[] {
  const first = tune.parts.flatMap((p) => p.lines).find((l) => l.time)?.time ?? null;
  let time: Pick<TimeSignature, 'beats' | 'beatType'> = first ?? { beats: 4, beatType: 4 };
  const out: HeldOutNote[] = [];
  tune.parts.forEach((part, index) => {
    for (const bar of part.lines.flatMap((l) => l.bars)) {
      let at = 0;
      for (const item of bar.items) {
        if (item.kind === 'time') time = item;
        if (item.kind !== 'note') continue;
        out.push({
          pitch: scaleIndex(item.pitch),
          strong: Math.abs(at % beatTicksOf(time)) < 1e-9,
          family: item.embellishments[0]?.family ?? 'none',
          part: index,
        });
        at += ticksOf(item);
      }
    }
  });
  return out;
}

export interface LikelihoodFold {
  readonly notes: readonly HeldOutNote[];
  readonly form: ComposerForm;
  readonly meter?: AirMeter;
  readonly engine: ComposerEngine;
}

/** Mean bits per melody note of the held-out tunes (lower: the model expects them more). */
export function melodyBits(folds: readonly LikelihoodFold[]): number {
  let bits = 0;
  let count = 0;
  for (const { notes, form, meter, engine } of folds) {
    const groups = melodyGroups(engine, form, meter);
    const { weights } = engine;
    for (let i = 1; i < notes.length; i++) {
      const { pitch, strong, part } = notes[i]!;
      const prev = notes[i - 1]!.pitch;
      const prev2 = i > 1 ? notes[i - 2]!.pitch : null;
      const centre = partCentre(part);
      const w = nextNoteChances(groups, weights, prev2, prev, strong).map((c, q) => {
        let x = c * Math.exp(-((q - centre) ** 2) / weights.range);
        if (Math.abs(q - prev) > 4) x *= weights.leap;
        return x;
      });
      const total = w.reduce((s, v) => s + v, 0);
      bits -= Math.log2(Math.max(1e-12, w[pitch]! / total));
      count += 1;
    }
  }
  return bits / Math.max(1, count);
}

const FAMILIES = [
  'none',
  'grace',
  'doubling',
  'g-strike',
  'strike',
  'grip',
  'taorluath',
  'throw',
  'birl',
];

/** Mean bits per note of the held-out tunes' embellishment families, given note and place. */
export function graceBits(folds: readonly LikelihoodFold[]): number {
  let bits = 0;
  let count = 0;
  for (const { notes, form, meter, engine } of folds) {
    const groups = melodyGroups(engine, form, meter);
    for (const { pitch, strong, family } of notes) {
      const index = FAMILIES.indexOf(family);
      if (index < 0) continue;
      const chances = familyChances(
        groups,
        FAMILIES,
        pitch,
        strong,
        engine.weights.graces,
        engine.weights.gracePerTune,
      );
      bits -= Math.log2(Math.max(1e-12, chances[index]!));
      count += 1;
    }
  }
  return bits / Math.max(1, count);
}
