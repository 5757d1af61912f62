/**
 * What the listening worklet and the main thread say to each other, and the pure rule for
 * which analysis frames are worth a message. A frame is due every 128 samples (375 a second
 * at 48 kHz); a screen redraws at most ~60 times a second, so readings are posted on every
 * note change and otherwise at READING_INTERVAL — the main thread stays idle.
 */
import type { Chanter, DetectionSettings } from '../../../music/chanter.ts';
import type { Pitch } from '../../../music/notes.ts';
import type { Cents, Hz, Seconds } from '../../../music/units.ts';
import type { ListenerFrame, ListenerOptions } from '../listener.ts';

export const PROCESSOR_NAME = 'chanter-listener';

/** Passed as `processorOptions` when the node is made. */
export interface ProcessorOptions {
  readonly chanter: Chanter;
  readonly settings: DetectionSettings;
  readonly droneHz: Hz | null;
  /** 'Pipes' input: follow and remove the pipes' own drones (issue 14 item 5). */
  readonly pipes?: boolean;
}

/** Main thread → worklet. */
export type ControlMessage =
  | { readonly type: 'settings'; readonly settings: DetectionSettings }
  | { readonly type: 'drones'; readonly droneHz: Hz | null }
  | { readonly type: 'pipes'; readonly pipes: boolean };

/** Worklet → main thread. */
export interface ReadingMessage {
  readonly type: 'reading';
  readonly note: Pitch | null;
  readonly hz: Hz | null;
  readonly cents: Cents | null;
  readonly clarity: number;
  readonly steady: boolean;
  /**
   * When the reading's note began to sound, on the audio clock (AudioContext.currentTime):
   * the frame's time less the detector's delay (detectionDelay). Note events are stamped
   * with it (issue 14 item 1).
   */
  readonly time: Seconds;
}

export type ListenerConfig = Omit<ListenerOptions, 'sampleRate'>;

/** Seconds between readings while the note does not change (50 per second). */
export const READING_INTERVAL = 0.02;
/** A note is steady once held this long… */
export const STEADY_SECONDS = 0.5;
/** …with its cents reading wandering less than this over that time. */
export const STEADY_SPREAD: Cents = 6;

/**
 * How long after a change of note the detector first names the new note: a frame's time is
 * the end of its analysis window, and the new note wins once about three quarters of the
 * window holds it. Measured 7.7–9.3 ms for the 512-sample window at 48 kHz (0.72–0.87 of
 * it; noteEventController.test.ts 'the detector path'), so onsets are stamped this much
 * earlier than the frame that found them. Durations are unaffected (both ends shift alike).
 */
export function detectionDelay(windowSize: number, sampleRate: number): Seconds {
  return (0.8 * windowSize) / sampleRate;
}

/** Decides which frames become messages and whether the note is steady. */
export class ReadingGate {
  private lastPost = -Infinity;
  private lastNote: Pitch | null = null;
  private readonly recent: { time: number; cents: Cents }[] = [];

  /**
   * The message to post for this frame, or null to skip it. `clockOffset` turns the frame's
   * time (from the first sample analysed) into the message's audio-clock time.
   */
  next({ time, estimate, state }: ListenerFrame, clockOffset: Seconds = 0): ReadingMessage | null {
    const note = state.note;
    const pitch = note?.pitch ?? null;
    if (pitch !== this.lastNote) this.recent.length = 0;
    if (note) {
      this.recent.push({ time, cents: note.cents });
      while (this.recent.length && this.recent[0]!.time < time - STEADY_SECONDS) {
        this.recent.shift();
      }
    }
    const changed = pitch !== this.lastNote;
    if (!changed && time - this.lastPost < READING_INTERVAL) return null;
    this.lastNote = pitch;
    this.lastPost = time;
    return {
      type: 'reading',
      note: pitch,
      hz: note?.hz ?? null,
      cents: note?.cents ?? null,
      clarity: note?.clarity ?? estimate.clarity,
      steady: note !== null && this.isSteady(time, note.since),
      time: time + clockOffset,
    };
  }

  private isSteady(time: number, since: number): boolean {
    if (time - since < STEADY_SECONDS) return false;
    let min = Infinity;
    let max = -Infinity;
    for (const r of this.recent) {
      min = Math.min(min, r.cents);
      max = Math.max(max, r.cents);
    }
    return max - min < STEADY_SPREAD;
  }
}
