/**
 * Note events: what the chanter played, one event per note, on the audio clock (issue 14
 * item 1; docs/decisions/021-note-events.md). Made by the note event controller
 * (noteEventController.ts) from the microphone's or the keyboard chanter's readings and
 * consumed by engines (Blaster's runner, the play-along score follower) without React.
 */
import type { Pitch } from '../../music/notes.ts';
import type { Cents, Hz, Seconds } from '../../music/units.ts';

/** One note as played. Immutable: a note-off brings a new object with its duration. */
export interface NoteEvent {
  /** Counts up from 1 per controller: a note-on and its note-off share it. */
  readonly id: number;
  readonly note: Pitch;
  /** The pitch heard: at note-on the first reading, at note-off the last (a running median). */
  readonly hz: Hz;
  /** Distance from the chanter's target for `note` (positive = sharp), from `hz`. */
  readonly cents: Cents;
  /** When the note began, on the audio clock (AudioContext.currentTime). */
  readonly onset: Seconds;
  /** Null while the note sounds; set on the note-off. Grace notes (15–60 ms) are kept. */
  readonly duration: Seconds | null;
  /** 0…1: the detector's clarity (the keyboard chanter reports 0.9, spec §9); at note-off the mean. */
  readonly confidence: number;
}

/** A note that has ended. */
export interface EndedNoteEvent extends NoteEvent {
  readonly duration: Seconds;
}

export type NoteEventMessage =
  | { readonly type: 'noteOn'; readonly event: NoteEvent }
  | { readonly type: 'noteOff'; readonly event: EndedNoteEvent };

export type NoteEventListener = (message: NoteEventMessage) => void;

/**
 * One reading of an input with the time it describes: what a NoteSource hands the controller
 * for every change it hears, however fast (React's snapshot keeps only the latest).
 */
export interface TimedReading {
  readonly note: Pitch | null;
  readonly hz: Hz | null;
  readonly cents: Cents | null;
  readonly clarity: number;
  /** On the audio clock. */
  readonly time: Seconds;
}

export type TimedReadingListener = (reading: TimedReading) => void;

/** Something that reports timed readings: the listening engine and the keyboard chanter. */
export interface TimedReadingSource {
  /** Every reading, synchronously, in order; returns the unsubscribe function. */
  onReading(listener: TimedReadingListener): () => void;
}

/** What engines and hooks see of a note event controller. */
export interface NoteEvents {
  /** Every note-on and note-off, synchronously, in order; returns the unsubscribe function. */
  subscribe(listener: NoteEventListener): () => void;
  /** The note sounding now, or null. Changes only on note-on and note-off. */
  getSnapshot(): NoteEvent | null;
}
