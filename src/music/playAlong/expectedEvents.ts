/**
 * What a piper is expected to play, event by event (issue 14 item 2): every melody note and every
 * grace note of every embellishment, in playing order, timed as the tune player times them.
 *
 * Built on performTune (./../tune/performance.ts) so the judge and the guide voice agree on
 * what is played: repeats unrolled, ties joined, grace pitches from the embellishment table
 * (../tune/embellishments.ts `graceNotes`, with its context rules) and grace durations from
 * the grace timing table (../tune/graceTiming.ts). Nothing about embellishments is restated here.
 */
import type { Pitch } from '../notes.ts';
import { performTune, type PerformanceOptions } from '../tune/performance.ts';
import { barsOf, notesOf, type EmbellishmentFamily, type Tune } from '../tune/tune.ts';

export interface ExpectedEvent {
  /** Position in the expected list (playing order). */
  readonly index: number;
  readonly kind: 'melody' | 'grace';
  readonly pitch: Pitch;
  /** Seconds from the first event at the performance tempo (score time). */
  readonly time: number;
  readonly duration: number;
  /** Index into notesOf(tune) of the melody note (for a grace: the note it embellishes). */
  readonly noteIndex: number;
  /** 1-based bar number on the page (repeats play a bar twice under the same number). */
  readonly bar: number;
  /** The embellishment a grace belongs to, or the melody note's own (first) one; else null. */
  readonly embellishment: string | null;
  readonly family: EmbellishmentFamily | null;
  /**
   * Index of the melody event this event belongs to: itself for a melody note, the note it
   * embellishes for a grace. Groups a movement with its note.
   */
  readonly melody: number;
  /**
   * The same pitch as the event just before with no rest between: a chanter cannot sound it
   * as a new onset (it is held through), so the judge listens for the held note instead.
   */
  readonly held: boolean;
}

export interface ExpectedTune {
  readonly bpm: number;
  readonly events: readonly ExpectedEvent[];
  readonly durationSeconds: number;
}

/** The expected events of a tune at a tempo (see the module comment). */
export function expectedEvents(tune: Tune, options: PerformanceOptions = {}): ExpectedTune {
  const performance = performTune(tune, options);
  const noteBar: number[] = [];
  barsOf(tune).forEach((bar, b) => {
    for (const item of bar.items) if (item.kind === 'note') noteBar.push(b + 1);
  });
  const notes = notesOf(tune);
  const shift = performance.events[0]?.startSeconds ?? 0;
  // Graces come before their melody note in the performance, so the melody index of a grace
  // is the next melody event with the same noteIndex.
  const raw = performance.events;
  const melodyAt: number[] = new Array<number>(raw.length).fill(-1);
  for (let i = raw.length - 1, next = -1, nextNote = -1; i >= 0; i--) {
    const e = raw[i]!;
    if (!e.grace) {
      next = i;
      nextNote = e.noteIndex;
      melodyAt[i] = i;
    } else melodyAt[i] = e.noteIndex === nextNote ? next : i;
  }
  const events = raw.map((e, i): ExpectedEvent => {
    const note = notes[e.noteIndex];
    const own = note?.embellishments[0] ?? null;
    const prev = raw[i - 1];
    return {
      index: i,
      kind: e.grace ? 'grace' : 'melody',
      pitch: e.pitch,
      time: e.startSeconds - shift,
      duration: e.durationSeconds,
      noteIndex: e.noteIndex,
      bar: noteBar[e.noteIndex] ?? 0,
      embellishment: own?.code ?? null,
      family: own?.family ?? null,
      melody: melodyAt[i]!,
      held:
        prev !== undefined &&
        prev.pitch === e.pitch &&
        Math.abs(prev.startSeconds + prev.durationSeconds - e.startSeconds) < 1e-6,
    };
  });
  return { bpm: performance.bpm, events, durationSeconds: performance.durationSeconds - shift };
}
