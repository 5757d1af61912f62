/**
 * The melody in notes as played (issue 15 item 6: 'tolerant to grace notes'): the microphone
 * hears every gracenote of an embellishment as a note of its own (15–60 ms,
 * src/audio/noteEvents/noteEvent.ts), which the tunes' melodies do not have. Such short notes
 * are dropped; a note with no duration (a tapped button, a note still sounding) is kept. A
 * grace note that slips through costs one extra note in the match (./alignFragment.ts).
 */
import type { Pitch } from '../notes.ts';

/** Gracenotes are 25–40 ms at march tempo (src/music/tune/graceTiming.ts): always dropped. */
export const GRACE_MAX_SECONDS = 0.06;
/**
 * In a slow air gracenotes stretch with the tempo (a 67 ms one was measured with
 * `npm run bench:findtune`): up to this length a note is a grace when it is short beside the
 * melody, under GRACE_SHARE of the median melody note. Cut notes of a strathspey (about
 * 80–120 ms beside 300 ms notes) stay above it.
 */
export const SLOW_GRACE_MAX_SECONDS = 0.1;
export const GRACE_SHARE = 0.2;

export interface PlayedNote {
  readonly note: Pitch;
  /** Seconds; null while the note sounds or when it was tapped. */
  readonly duration: number | null;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
}

export function playedPitches(played: readonly PlayedNote[]): Pitch[] {
  const melody = played
    .map((p) => p.duration)
    .filter((d): d is number => d !== null && d >= GRACE_MAX_SECONDS);
  const graceBelow = Math.min(
    SLOW_GRACE_MAX_SECONDS,
    Math.max(GRACE_MAX_SECONDS, GRACE_SHARE * median(melody)),
  );
  return played.filter((p) => p.duration === null || p.duration >= graceBelow).map((p) => p.note);
}
