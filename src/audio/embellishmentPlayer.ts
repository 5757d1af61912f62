/**
 * Plays an embellishment preset in the grace-note trainer (issue 5, beyond the spec): the
 * melody note, the movement's grace notes, then the melody again, with the trainer's sound
 * (sine tones with fading volume at the saved gain, spec §4 'Grace notes'; the shared engine
 * in phrasePlayer.ts) and its melody length (0.5 s, R-9.CONST-18). Each grace note lasts
 * GRACE_NOTE_SECONDS: slower than a piper plays them, so a learner can hear every one.
 */
import { MELODY_SECONDS } from './graceNotePlayer.ts';
import { createPhrasePlayer, tonesInSequence, type Tone } from './phrasePlayer.ts';
import type { Hz, Seconds } from '../music/units.ts';
import type { ToneContextLike } from './toneGenerator.ts';

export type { Tone } from './phrasePlayer.ts';

/** A learner's pace for each grace note of a movement (a piper's are 30–60 ms). */
export const GRACE_NOTE_SECONDS: Seconds = 0.09;
const ATTACK: Seconds = 0.005;

/** Melody, every grace note, melody again: offsets from the start. */
export function embellishmentSequence(melody: Hz, graces: readonly Hz[]): Tone[] {
  return tonesInSequence([
    [melody, MELODY_SECONDS],
    ...graces.map((g): [Hz, Seconds] => [g, GRACE_NOTE_SECONDS]),
    [melody, MELODY_SECONDS],
  ]);
}

export interface EmbellishmentPlayer {
  play(melody: Hz, graces: readonly Hz[], storedGain: number): void;
  stop(): void;
  getSnapshot(): boolean;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

export function createEmbellishmentPlayer(getContext: () => ToneContextLike): EmbellishmentPlayer {
  const { playTones, ...rest } = createPhrasePlayer(getContext, ATTACK);
  return {
    play: (melody, graces, storedGain) =>
      playTones(embellishmentSequence(melody, graces), storedGain),
    ...rest,
  };
}
