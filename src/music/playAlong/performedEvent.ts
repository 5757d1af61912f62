/**
 * A note as it was heard: the follower's input (issue 14 item 2). Minimal and structural on
 * purpose, so whatever turns microphone readings into note events (the live note-events
 * controller in src/audio, the offline pipeline of `npm run playalong`, a test's hand-written
 * list) can feed the follower without an adapter.
 */
import type { Pitch } from '../notes.ts';

export interface PerformedEvent {
  /** Seconds on the listener's clock, latency already taken off. */
  readonly onset: number;
  /** Seconds the note sounded. */
  readonly duration: number;
  readonly note: Pitch;
  readonly pitchHz?: number;
  /** 0…1, as the detector reported it. */
  readonly confidence?: number;
}
