/**
 * A whole set played through (issue 15 item 7: 'play a whole set through in Sheet Music with
 * no gap you did not ask for'). Pure (DESIGN habit 4): the tunes' performances in, one
 * performance out, so the tune player schedules the set on one audio clock as it schedules
 * one tune — nothing waits for a tune to finish before the next is scheduled, so no gap can
 * creep in between them.
 *
 * The rule between two tunes (and between two times through one tune): the next first note
 * starts `gapBeats` beats after the last sound of the one before ends, a beat being a crotchet
 * at the tempo of the tune that just ended (the beat the band is in). One beat by default,
 * the breath pipers take between the tunes of a set; 0 runs straight on.
 */
import type { Performance, PerformanceEvent } from './performance.ts';

export interface SetEntry {
  readonly performance: Performance;
  /** Times through (≥ 1). */
  readonly repeats: number;
  /** Melody notes in the tune (notesOf(tune).length): keeps each pass's cursor indices apart. */
  readonly noteCount: number;
}

/** One pass through one tune of the set. */
export interface SetSegment {
  /** Index into the entries. */
  readonly entry: number;
  /** 0 for the first time through. */
  readonly pass: number;
  /** Set time of the pass's first sound. */
  readonly startSeconds: number;
  /** Set time its last sound ends. */
  readonly endSeconds: number;
  /** Added to the tune's note indices in the set's performance. */
  readonly noteOffset: number;
  readonly noteCount: number;
}

export interface SetPerformance {
  /** Every pass's events, shifted onto the set's time line; note indices made unique. */
  readonly performance: Performance;
  readonly segments: readonly SetSegment[];
}

export interface SetOptions {
  /** Beats of silence between tunes; default 1. */
  readonly gapBeats?: number;
}

export const DEFAULT_GAP_BEATS = 1;

function soundEnd(events: readonly PerformanceEvent[]): number {
  let end = 0;
  for (const e of events) end = Math.max(end, e.startSeconds + e.durationSeconds);
  return end;
}

export function performSet(entries: readonly SetEntry[], options: SetOptions = {}): SetPerformance {
  const gapBeats = Math.max(0, options.gapBeats ?? DEFAULT_GAP_BEATS);
  const events: PerformanceEvent[] = [];
  const segments: SetSegment[] = [];
  let noteOffset = 0;
  /** Set time the next pass's first sound starts. */
  let cursor = 0;
  let duration = 0;
  entries.forEach((entry, index) => {
    const own = entry.performance.events;
    if (own.length === 0) return;
    const first = own[0]!.startSeconds;
    const last = soundEnd(own);
    const beat = 60 / entry.performance.bpm;
    for (let pass = 0; pass < Math.max(1, Math.floor(entry.repeats)); pass++) {
      const shift = cursor - first;
      for (const e of own) {
        events.push({
          ...e,
          startSeconds: e.startSeconds + shift,
          noteIndex: e.noteIndex + noteOffset,
        });
      }
      segments.push({
        entry: index,
        pass,
        startSeconds: cursor,
        endSeconds: last + shift,
        noteOffset,
        noteCount: entry.noteCount,
      });
      // The closing rest of the tune's own performance ends the set, but never delays the next.
      duration = entry.performance.durationSeconds + shift;
      noteOffset += entry.noteCount;
      cursor = last + shift + gapBeats * beat;
    }
  });
  const bpm = entries.find((e) => e.performance.events.length > 0)?.performance.bpm ?? 80;
  return { performance: { bpm, events, durationSeconds: duration }, segments };
}

/** Which pass a set note index belongs to, and its index in that tune; null when none. */
export function locateNote(
  segments: readonly SetSegment[],
  noteIndex: number | null,
): { segment: number; noteIndex: number } | null {
  if (noteIndex === null) return null;
  const at = segments.findIndex(
    (s) => noteIndex >= s.noteOffset && noteIndex < s.noteOffset + s.noteCount,
  );
  return at < 0 ? null : { segment: at, noteIndex: noteIndex - segments[at]!.noteOffset };
}
