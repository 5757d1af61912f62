/**
 * Turns an input's readings into note events (issue 14 item 1; docs/decisions/021-note-events.md):
 * a note-on when a note starts, a note-off with its duration when it ends (the next note, or
 * silence). No React and no browser: the source is passed in (DESIGN habit 2) and time comes
 * from the readings themselves, already on the audio clock, so tests drive it with plain
 * numbers (habit 3).
 *
 * Nothing is smoothed here: a change of note in the readings is a new event however short.
 * The detector already decides what a note is (noteTracker.ts, 006-pitch-detection.md: the
 * note changes on the first matching estimate, every 128 samples) and the worklet posts every
 * change (messages.ts ReadingGate), so a 25 ms grace note arrives as its own reading and
 * becomes its own event. Telling grace notes from crossing noise is the judge's business
 * (issue 14 item 2), which needs both.
 */
import type { Seconds } from '../../music/units.ts';
import type {
  EndedNoteEvent,
  NoteEvent,
  NoteEventListener,
  NoteEventMessage,
  NoteEvents,
  TimedReading,
  TimedReadingListener,
  TimedReadingSource,
} from './noteEvent.ts';

export interface NoteEventController extends NoteEvents, TimedReadingSource {
  /** Feeds one reading (what connect() does for every reading of the source). */
  push(reading: TimedReading): void;
  /**
   * Takes readings from `source` until the returned function is called; that ends the note
   * sounding, if any, at the last reading's time (an input switched or stopped mid-note).
   */
  connect(source: TimedReadingSource): () => void;
  /** Ends the note sounding now, at `time` (default: the last reading's time). */
  end(time?: Seconds): void;
  /** Ends the sounding note and forgets every listener. */
  dispose(): void;
}

interface Open {
  event: NoteEvent;
  clarity: number;
  readings: number;
}

export function createNoteEventController(): NoteEventController {
  const listeners = new Set<NoteEventListener>();
  /**
   * Every reading, passed on after the note events it caused (issue 17 item 3): a Battle
   * answer carries its note's first readings as a trace, so the engine that answers needs the
   * readings in the same order as the note-ons that group them.
   */
  const readingListeners = new Set<TimedReadingListener>();
  let open: Open | null = null;
  let nextId = 1;
  /** The latest reading's time: where end() and a disconnect close the sounding note. */
  let lastTime = -Infinity;

  function emit(message: NoteEventMessage) {
    for (const listener of [...listeners]) listener(message);
  }

  function close(time: Seconds, last: TimedReading | null) {
    if (!open) return;
    const { event, clarity, readings } = open;
    open = null;
    const ended: EndedNoteEvent = {
      ...event,
      ...(last?.hz != null && last.cents != null ? { hz: last.hz, cents: last.cents } : {}),
      // Never negative, even when the next reading comes from an earlier clock.
      duration: Math.max(0, time - event.onset),
      confidence: clarity / readings,
    };
    emit({ type: 'noteOff', event: ended });
  }

  /** The last reading of the open note: its Hz at the end (the tracker's running median). */
  let lastOfNote: TimedReading | null = null;

  function push(reading: TimedReading) {
    pushNote(reading);
    for (const listener of [...readingListeners]) listener(reading);
  }

  function pushNote(reading: TimedReading) {
    // Not clamped to the last time: the keyboard's clock moves onto the audio clock when a
    // context starts (useNoteInput), and that jump must not freeze every later onset.
    const time = reading.time;
    lastTime = time;
    if (open && reading.note === open.event.note) {
      open.clarity += reading.clarity;
      open.readings++;
      lastOfNote = reading;
      return;
    }
    close(time, lastOfNote);
    lastOfNote = null;
    if (reading.note === null || reading.hz === null) return;
    const event: NoteEvent = {
      id: nextId++,
      note: reading.note,
      hz: reading.hz,
      cents: reading.cents ?? 0,
      onset: time,
      duration: null,
      confidence: reading.clarity,
    };
    open = { event, clarity: reading.clarity, readings: 1 };
    lastOfNote = reading;
    emit({ type: 'noteOn', event });
  }

  function end(time: Seconds = lastTime) {
    if (!open) return;
    close(Math.max(time, open.event.onset), lastOfNote);
    lastOfNote = null;
  }

  return {
    push,
    end,
    connect(source) {
      const unsubscribe = source.onReading(push);
      return () => {
        unsubscribe();
        end();
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onReading(listener) {
      readingListeners.add(listener);
      return () => readingListeners.delete(listener);
    },
    getSnapshot: () => open?.event ?? null,
    dispose() {
      end();
      listeners.clear();
      readingListeners.clear();
    },
  };
}
