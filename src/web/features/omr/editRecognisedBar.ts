/**
 * Corrections for what the reader missed or invented (issue 20 item 2, omr-ux: 'correct what
 * the reader missed'): add a note at a chosen place in a bar, delete an extra one, change the
 * time signature from a bar on, mark a bar line as a part or repeat sign. Pure, like
 * editRecognisedNote: each returns a new tune (the same tune when nothing changed) and leaves
 * the old one intact for undo.
 */
import type { Pitch } from '../../../music/notes.ts';
import type {
  Bar,
  BarClose,
  BarOpen,
  Duration,
  Note,
  TimeSignature,
  Tune,
} from '../../../music/tune/tune.ts';
import { barAt, replaceBar, type BarRef } from './editRecognisedNote.ts';

/** A note the piper adds: what they choose in the editor. */
export interface NewNote {
  readonly pitch: Pitch;
  readonly duration: Duration;
  readonly dots: 0 | 1;
}

const beamable = (n: Note | undefined) => !!n && n.duration >= 8;

/** Inserts a note before the bar's note `at` (its note count = at the end). */
export function insertNote(tune: Tune, ref: BarRef, at: number, add: NewNote): Tune {
  const bar = barAt(tune, ref);
  if (!bar) return tune;
  const notes = bar.items.filter((i): i is Note => i.kind === 'note');
  if (at < 0 || at > notes.length) return tune;
  const before = notes[at - 1];
  const after = notes[at];
  // Inside a beamed group the new quaver joins it (its predecessor already beams rightwards).
  const joined =
    beamable(before) && beamable(after) && (before!.beam === 'right' || after!.beam === 'left');
  const note: Note = {
    kind: 'note',
    pitch: add.pitch,
    duration: add.duration,
    dots: add.dots,
    beam: joined && add.duration >= 8 ? 'right' : null,
    accidental: null,
    embellishments: [],
    fermata: false,
    tie: false,
    tupletStart: null,
    tupletEnd: false,
  };
  // Items index: before the `at`-th note, or at the end — inside an ending that closes there.
  const end = bar.items.at(-1)?.kind === 'timeline-end' ? bar.items.length - 1 : bar.items.length;
  const index = after ? bar.items.indexOf(after) : end;
  const items = [...bar.items.slice(0, index), note, ...bar.items.slice(index)];
  return replaceBar(tune, ref, (b) => ({ ...b, items }));
}

/** Removes the bar's note `index` (its embellishment goes with it). */
export function deleteNote(tune: Tune, ref: BarRef, index: number): Tune {
  const bar = barAt(tune, ref);
  if (!bar) return tune;
  const note = bar.items.filter((i): i is Note => i.kind === 'note')[index];
  if (!note) return tune;
  return replaceBar(tune, ref, (b) => ({ ...b, items: b.items.filter((i) => i !== note) }));
}

/** The time signature in force at the start of a bar (its own, else the last written), or null. */
export function timeAt(tune: Tune, ref: BarRef): TimeSignature | null {
  let time: TimeSignature | null = null;
  for (let p = 0; p < tune.parts.length; p++) {
    const lines = tune.parts[p]!.lines;
    for (let l = 0; l < lines.length; l++) {
      const line = lines[l]!;
      if (line.time) time = line.time;
      for (let b = 0; b < line.bars.length; b++) {
        const own = line.bars[b]!.items.find((i): i is TimeSignature => i.kind === 'time');
        if (own) time = own;
        if (p === ref.part && l === ref.line && b === ref.bar) return time;
      }
    }
  }
  return null;
}

export const sameTime = (a: TimeSignature | null, b: TimeSignature | null) =>
  !!a && !!b && a.beats === b.beats && a.beatType === b.beatType;

/**
 * The time signature from this bar on. At a line's first bar it is the line's own (BWW writes
 * it after the key); elsewhere a time signature at the bar's start. Choosing the time already
 * in force before the bar removes the bar's own sign.
 */
export function setBarTime(tune: Tune, ref: BarRef, beats: number, beatType: number): Tune {
  const bar = barAt(tune, ref);
  if (!bar) return tune;
  const time: TimeSignature = { kind: 'time', beats, beatType, symbol: null };
  if (sameTime(timeAt(tune, ref), time)) return tune;
  const withoutOwn = (b: Bar): Bar => ({ ...b, items: b.items.filter((i) => i.kind !== 'time') });
  if (ref.bar === 0) return replaceBar(tune, ref, withoutOwn, time);
  const before = timeAt(tune, { ...ref, bar: ref.bar - 1 });
  return replaceBar(tune, ref, (b) => {
    const rest = withoutOwn(b);
    return sameTime(before, time) ? rest : { ...rest, items: [time, ...rest.items] };
  });
}

/** What a piper can mark at a bar's start and end. */
export type BarStart = 'plain' | 'part' | 'repeat';
export type BarEnd = 'plain' | 'double' | 'part' | 'repeat';

export function barStartOf(bar: Bar): BarStart {
  return bar.open ?? 'plain';
}

export function barEndOf(bar: Bar): BarEnd {
  return bar.close === 'double' || bar.close === 'part' || bar.close === 'repeat'
    ? bar.close
    : 'plain';
}

/**
 * Marks the bar lines at a bar's start and/or end (repeat and part signs, a double bar). A plain
 * end is a bar line, or the line's end at its last bar. Playback takes repeats from these marks
 * (performance.ts unrolls `open`/`close`), so a marked repeat is heard at once.
 */
export function setBarLines(
  tune: Tune,
  ref: BarRef,
  change: { readonly start?: BarStart; readonly end?: BarEnd },
): Tune {
  const bar = barAt(tune, ref);
  if (!bar) return tune;
  const lastInLine = ref.bar === (tune.parts[ref.part]!.lines[ref.line]!.bars.length ?? 0) - 1;
  const open: BarOpen =
    change.start === undefined ? bar.open : change.start === 'plain' ? null : change.start;
  const close: BarClose =
    change.end === undefined
      ? bar.close
      : change.end === 'plain'
        ? lastInLine
          ? bar.close === 'bar' || bar.close === null
            ? bar.close
            : 'line'
          : 'bar'
        : change.end;
  if (open === bar.open && close === bar.close) return tune;
  return replaceBar(tune, ref, (b) => ({ ...b, open, close }));
}
