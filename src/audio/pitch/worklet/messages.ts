/**
 * What the listening worklet and the main thread say to each other, and the pure rule for
 * which analysis frames are worth a message. A frame is due every 128 samples (375 a second
 * at 48 kHz); a screen redraws at most ~60 times a second, so readings are posted on every
 * note change and otherwise at READING_INTERVAL — the main thread stays idle.
 */
import type { Cents, Chanter, DetectionSettings } from '../../../music/chanter.ts';
import type { Hz, Pitch } from '../../../music/notes.ts';
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
  /** Audio time of the frame, in seconds from the start of listening. */
  readonly time: number;
}

export type ListenerConfig = Omit<ListenerOptions, 'sampleRate'>;

/** Seconds between readings while the note does not change (50 per second). */
export const READING_INTERVAL = 0.02;
/** A note is steady once held this long… */
export const STEADY_SECONDS = 0.5;
/** …with its cents reading wandering less than this over that time. */
export const STEADY_SPREAD: Cents = 6;

/** Decides which frames become messages and whether the note is steady. */
export class ReadingGate {
  private lastPost = -Infinity;
  private lastNote: Pitch | null = null;
  private readonly recent: { time: number; cents: Cents }[] = [];

  /** The message to post for this frame, or null to skip it. */
  next({ time, estimate, state }: ListenerFrame): ReadingMessage | null {
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
      time,
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
