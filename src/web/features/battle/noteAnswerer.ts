/**
 * Turns played notes into Battle answers (issue 17 items 1 and 3), engine to engine: the note
 * event controller (src/audio/noteEvents/) hands over every note-on and every reading, and
 * this keeps the first readings of each note played since the prompt arrived as its trace
 * (src/music/battle/noteTrace.ts says what passes). No React, no socket, no clock: readings
 * carry their own times, so tests drive it with plain numbers (DESIGN habit 3).
 *
 * When a note is the answer:
 * - it has sounded for ANSWER_HOLD_MS (two or more readings): a 10–30 ms crossing noise
 *   between two notes is not sent as a wrong answer (which would cost a lockout);
 * - on a grace or embellishment prompt, a note that continues the prompt's grace notes in
 *   order is a grace note, not the answer: the answer is the note after them, sent with the
 *   last grace notes played before it (battleAnswer.ts: each with its own readings and how
 *   long before the melody note it began).
 */
import type { Pitch } from '../../../music/notes.ts';
import type { TraceReading } from '../../../music/battle/noteTrace.ts';
import {
  TRACE_MAX_READINGS,
  TRACE_MAX_SPAN_MS,
  TRACE_MIN_GAP_MS,
  TRACE_MIN_READINGS,
} from '../../../music/battle/noteTrace.ts';
import { GRACE_WINDOW_MS, MAX_ANSWER_GRACES } from '../../../music/battle/battleAnswer.ts';
import type {
  NoteEvents,
  TimedReading,
  TimedReadingSource,
} from '../../../audio/noteEvents/noteEvent.ts';

/**
 * How long a note must sound before it is sent: longer than crossing noise and a chanter's
 * grace notes (15–60 ms, but those are recognised by order), short enough not to slow a race
 * (both players wait it). Three readings at the worklet's and keyboard's 20 ms.
 */
export const ANSWER_HOLD_MS = 40;

export interface PromptToAnswer {
  readonly promptId: string;
  readonly target: Pitch;
  readonly graces: readonly Pitch[];
}

export interface NoteAnswer {
  readonly promptId: string;
  readonly pitch: Pitch;
  readonly trace: TraceReading[];
  readonly graces: { pitch: Pitch; before: number; trace: TraceReading[] }[];
}

interface Played {
  readonly pitch: Pitch;
  /** Onset on the audio clock (s). */
  readonly onset: number;
  readonly trace: TraceReading[];
  /** Grace notes of the prompt played in order up to this one (0: not a grace note). */
  readonly depth: number;
  sent: boolean;
}

export interface NoteAnswerer {
  /** A new prompt: notes played from now on answer it. Null: nothing to answer. */
  setPrompt(prompt: PromptToAnswer | null): void;
  /** Takes note-ons and readings from the controller until the returned function is called. */
  connect(source: NoteEvents & TimedReadingSource): () => void;
  noteOn(pitch: Pitch, onset: number): void;
  reading(reading: TimedReading): void;
}

const ms = (seconds: number) => Math.round(seconds * 100_000) / 100;

/**
 * How many of the prompt's grace notes, in order, end with the newest note: 0 when it is not
 * one of them. Once every grace note has been played, the next note is the melody note even
 * if it could also start the movement again (a birl: Low G, Low A, Low G, then Low A).
 */
function graceDepth(notes: readonly Played[], pitch: Pitch, graces: readonly Pitch[]): number {
  if ((notes.at(-1)?.depth ?? 0) === graces.length) return 0;
  const played = [...notes.map((n) => n.pitch), pitch];
  for (let k = Math.min(graces.length, played.length); k >= 1; k--) {
    const tail = played.slice(played.length - k);
    if (tail.every((p, i) => p === graces[i])) return k;
  }
  return 0;
}

export function createNoteAnswerer(onAnswer: (answer: NoteAnswer) => void): NoteAnswerer {
  let prompt: PromptToAnswer | null = null;
  let notes: Played[] = [];

  function answerIfDue(note: Played) {
    if (!prompt || note.sent || note !== notes.at(-1)) return;
    const last = note.trace.at(-1);
    if (note.trace.length < TRACE_MIN_READINGS || !last || last.t < ANSWER_HOLD_MS) return;
    if (note.depth > 0) return;
    note.sent = true;
    // The grace notes just before it: as many as the prompt asks for, within the window.
    const before = notes
      .slice(0, -1)
      .filter((g) => !g.sent && ms(note.onset - g.onset) <= GRACE_WINDOW_MS)
      .slice(-Math.min(prompt.graces.length, MAX_ANSWER_GRACES));
    onAnswer({
      promptId: prompt.promptId,
      pitch: note.pitch,
      trace: [...note.trace],
      graces:
        prompt.graces.length === 0
          ? []
          : before.map((g) => {
              // A grace note's readings fall before the next note began (a keyboard repeat
              // can land on the very millisecond of the next key).
              const next = notes[notes.indexOf(g) + 1]?.onset ?? note.onset;
              const lasted = ms(next - g.onset);
              return {
                pitch: g.pitch,
                before: ms(note.onset - g.onset),
                trace: g.trace.filter((r) => r.t < lasted),
              };
            }),
    });
  }

  const answerer: NoteAnswerer = {
    setPrompt(next) {
      prompt = next;
      notes = [];
    },
    noteOn(pitch, onset) {
      if (!prompt) return;
      const depth = graceDepth(notes, pitch, prompt.graces);
      notes.push({ pitch, onset, trace: [], depth, sent: false });
      // Only what a movement can use is kept.
      if (notes.length > MAX_ANSWER_GRACES + 1) notes.shift();
    },
    reading(r) {
      const note = notes.at(-1);
      if (!prompt || !note || r.note !== note.pitch || r.hz === null) return;
      const t = ms(r.time - note.onset);
      const previous = note.trace.at(-1);
      const fits =
        note.trace.length < TRACE_MAX_READINGS &&
        t <= TRACE_MAX_SPAN_MS &&
        (previous ? t - previous.t >= TRACE_MIN_GAP_MS : t === 0);
      if (!fits) return;
      note.trace.push({ t, hz: r.hz, clarity: r.clarity });
      answerIfDue(note);
    },
    connect(source) {
      const offNotes = source.subscribe((m) => {
        if (m.type === 'noteOn') answerer.noteOn(m.event.note, m.event.onset);
      });
      const offReadings = source.onReading((r) => answerer.reading(r));
      return () => {
        offNotes();
        offReadings();
      };
    },
  };
  return answerer;
}
