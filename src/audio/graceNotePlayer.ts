/**
 * Plays the grace-note trainer's phrase (spec §4 'Grace notes', R-4.GRACE-07..09): in the
 * spec's 'Strikes' mode the melody note for 0.5 s, the grace note for 0.2 s if there is one,
 * then the melody again for 0.5 s; in 'Gracenotes' mode (issue 22 item 1) the grace note for
 * 0.2 s, then the melody for 0.5 s — a gracenote leads into its note. Sine tones whose volume fades over each tone, at the saved gain (the shared engine in
 * phrasePlayer.ts). The context is only asked for in play(), inside the click that asked for
 * sound (https://developer.chrome.com/blog/autoplay/#web-audio).
 */
import { DEFAULT_GRACE_MODE, type GraceMode } from '../music/graceRules.ts';
import { createPhrasePlayer, tonesInSequence, type Tone } from './phrasePlayer.ts';
import type { Hz, Seconds } from '../music/units.ts';
import type { ToneContextLike } from './toneGenerator.ts';

export { outputPeak, type Tone } from './phrasePlayer.ts';

/** Durations of spec §9 (R-9.CONST-18). */
export const MELODY_SECONDS: Seconds = 0.5;
export const GRACE_SECONDS: Seconds = 0.2;

const ATTACK: Seconds = 0.008;

/** The phrase as offsets from its start (R-4.GRACE-07 in 'Strikes'; issue 22.1 in 'Gracenotes'). */
export function graceNoteSequence(
  melody: Hz,
  grace: Hz | null,
  mode: GraceMode = DEFAULT_GRACE_MODE,
): Tone[] {
  const graceTone: [Hz, Seconds][] = grace === null ? [] : [[grace, GRACE_SECONDS]];
  if (mode === 'Gracenotes') return tonesInSequence([...graceTone, [melody, MELODY_SECONDS]]);
  return tonesInSequence([[melody, MELODY_SECONDS], ...graceTone, [melody, MELODY_SECONDS]]);
}

export interface GraceNotePlayer {
  /** Plays the phrase, replacing any phrase still sounding. */
  play(melody: Hz, grace: Hz | null, storedGain: number, mode?: GraceMode): void;
  stop(): void;
  /** Whether a phrase is sounding: the snapshot for useSyncExternalStore (habit 5). */
  getSnapshot(): boolean;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

export function createGraceNotePlayer(getContext: () => ToneContextLike): GraceNotePlayer {
  const { playTones, ...rest } = createPhrasePlayer(getContext, ATTACK);
  return {
    play: (melody, grace, storedGain, mode) =>
      playTones(graceNoteSequence(melody, grace, mode), storedGain),
    ...rest,
  };
}
