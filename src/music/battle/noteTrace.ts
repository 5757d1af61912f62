/**
 * The note-event trace (issue 17 item 3: 'a note event carries a short trace of the detector's
 * readings so that a bare "I played D" message scores nothing'). A played note in a Battle
 * answer carries the first few readings the client's detector gave for it — what
 * src/audio/noteEvents/noteEvent.ts calls TimedReadings (hz, clarity, time) — and the server
 * checks they are readings of that note on the player's chanter before it counts.
 *
 * Why these bounds (docs/decisions/027-battle.md):
 * - The worklet posts a reading on every note change and every READING_INTERVAL (20 ms) while a
 *   note holds (src/audio/pitch/worklet/messages.ts); the keyboard chanter posts one per key
 *   change. So a melody note has a reading at its onset and another ≤ 20 ms later: two
 *   readings cost a client ~20 ms. A grace note (15–60 ms) may have only its onset reading.
 * - Readings are at least one detector hop apart (128 samples: 2.7 ms at 48 kHz, 2.9 ms at
 *   44.1 kHz): 2 ms is below both.
 * - Every reading's clarity is at least the detector's threshold (spec §3 default 0.2: below it
 *   the detector reports silence, not a note) and every frequency classifies as the claimed
 *   note on the player's chanter (chanter.ts classify, the rule the detector itself uses).
 * - A held note does not glide: readings wander less than a quarter tone.
 *
 * This raises the cost of a forged answer (a script must synthesise plausible readings) but
 * cannot prove a chanter was played; the server's timing checks (judging.ts) do the rest.
 */
import { centsBetween, classify, DEFAULT_DETECTION_SETTINGS, type Chanter } from '../chanter.ts';
import type { Pitch } from '../notes.ts';
import type { Hz, Milliseconds } from '../units.ts';

/** One detector reading of a played note, `t` ms after the note's onset (the first is 0). */
export interface TraceReading {
  readonly t: Milliseconds;
  readonly hz: Hz;
  readonly clarity: number;
}

/** One note of an answer and the readings that show it was played. */
export interface PlayedNote {
  readonly pitch: Pitch;
  readonly trace: readonly TraceReading[];
}

export const TRACE_MIN_READINGS = 2;
export const TRACE_MIN_GRACE_READINGS = 1;
/** Enough for ~200 ms of a held note at 20 ms a reading, and bounded so messages stay small. */
export const TRACE_MAX_READINGS = 12;
export const TRACE_MAX_SPAN_MS: Milliseconds = 250;
export const TRACE_MIN_GAP_MS: Milliseconds = 2;
export const TRACE_MAX_SPREAD_CENTS = 50;
export const TRACE_MIN_CLARITY = DEFAULT_DETECTION_SETTINGS.clarityThreshold;

export type TraceProblem =
  | 'too few readings'
  | 'too many readings'
  | 'bad reading times'
  | 'unclear reading'
  | 'not the note claimed'
  | 'wavering pitch';

/** Why a trace does not show `note.pitch` being played on `chanter`, or null when it does. */
export function traceProblem(
  note: PlayedNote,
  chanter: Chanter,
  minReadings: number = TRACE_MIN_READINGS,
): TraceProblem | null {
  const { trace } = note;
  if (trace.length < minReadings) return 'too few readings';
  if (trace.length > TRACE_MAX_READINGS) return 'too many readings';
  let previous = -Infinity;
  for (const [i, r] of trace.entries()) {
    if (!Number.isFinite(r.t) || (i === 0 ? r.t !== 0 : r.t - previous < TRACE_MIN_GAP_MS)) {
      return 'bad reading times';
    }
    if (r.t > TRACE_MAX_SPAN_MS) return 'bad reading times';
    previous = r.t;
    if (!(r.clarity >= TRACE_MIN_CLARITY && r.clarity <= 1)) return 'unclear reading';
    if (classify(r.hz, chanter)?.pitch !== note.pitch) return 'not the note claimed';
  }
  const hz = trace.map((r) => r.hz);
  if (centsBetween(Math.max(...hz), Math.min(...hz)) > TRACE_MAX_SPREAD_CENTS) {
    return 'wavering pitch';
  }
  return null;
}

/** How long the trace shows the note sounding before the answer was sent (its last reading). */
export function traceSpan(note: PlayedNote): Milliseconds {
  return note.trace.at(-1)?.t ?? 0;
}
