/**
 * Corrections to a recognised tune (issue 20 item 2: 'tap a bar or note to correct it (pitch,
 * duration, embellishment)'). Pure: each returns a new tune and leaves the old one intact, so
 * the screen keeps the old ones for undo.
 */
import { embellishmentOf } from '../../../music/tune/embellishments.ts';
import type { Pitch } from '../../../music/notes.ts';
import type { Bar, Duration, Note, TimeSignature, Tune } from '../../../music/tune/tune.ts';

/** Where a bar is in the tune (OmrBar's indices). */
export interface BarRef {
  readonly part: number;
  readonly line: number;
  readonly bar: number;
}

export interface NotePatch {
  readonly pitch?: Pitch;
  readonly duration?: Duration;
  readonly dots?: 0 | 1 | 2;
  /** A code from the embellishment table, or null for none. */
  readonly embellishment?: string | null;
}

export function barAt(tune: Tune, ref: BarRef): Bar | null {
  return tune.parts[ref.part]?.lines[ref.line]?.bars[ref.bar] ?? null;
}

export function notesInBar(bar: Bar | null): readonly Note[] {
  return bar ? bar.items.filter((i): i is Note => i.kind === 'note') : [];
}

/** The note's index in `notesOf(tune)` (the score's numbering), or null when there is none. */
export function noteIndexOf(tune: Tune, ref: BarRef, noteInBar: number): number | null {
  let index = 0;
  for (let p = 0; p < tune.parts.length; p++) {
    const lines = tune.parts[p]!.lines;
    for (let l = 0; l < lines.length; l++) {
      const bars = lines[l]!.bars;
      for (let b = 0; b < bars.length; b++) {
        const count = notesInBar(bars[b]!).length;
        if (p === ref.part && l === ref.line && b === ref.bar) {
          return noteInBar < count ? index + noteInBar : null;
        }
        index += count;
      }
    }
  }
  return null;
}

/** The bar and place in it of the score's note `index`, or null past the end. */
export function locateNote(
  tune: Tune,
  index: number,
): { readonly ref: BarRef; readonly noteInBar: number } | null {
  let before = 0;
  for (let p = 0; p < tune.parts.length; p++) {
    const lines = tune.parts[p]!.lines;
    for (let l = 0; l < lines.length; l++) {
      const bars = lines[l]!.bars;
      for (let b = 0; b < bars.length; b++) {
        const count = notesInBar(bars[b]!).length;
        if (index < before + count) {
          return { ref: { part: p, line: l, bar: b }, noteInBar: index - before };
        }
        before += count;
      }
    }
  }
  return null;
}

function patched(note: Note, patch: NotePatch): Note {
  const duration = patch.duration ?? note.duration;
  const embellishment =
    patch.embellishment === undefined
      ? note.embellishments
      : patch.embellishment === null
        ? []
        : [embellishmentOf(patch.embellishment)].filter((e) => e !== null);
  return {
    ...note,
    pitch: patch.pitch ?? note.pitch,
    duration,
    dots: patch.dots ?? note.dots,
    // Crotchets and longer have no beams: a note made one leaves its beam group.
    beam: duration < 8 ? null : note.beam,
    embellishments: embellishment,
  };
}

/** The tune with one note changed; the same tune when the note does not exist. */
export function editRecognisedNote(
  tune: Tune,
  ref: BarRef,
  noteInBar: number,
  patch: NotePatch,
): Tune {
  const bar = barAt(tune, ref);
  if (!bar) return tune;
  let seen = -1;
  let changed = false;
  const items = bar.items.map((item) => {
    if (item.kind !== 'note') return item;
    seen += 1;
    if (seen !== noteInBar) return item;
    changed = true;
    return patched(item, patch);
  });
  if (!changed) return tune;
  return replaceBar(tune, ref, (b) => ({ ...b, items }));
}

/** The tune with one bar replaced (and, for a time signature at a line's start, its line). */
export function replaceBar(
  tune: Tune,
  ref: BarRef,
  change: (bar: Bar) => Bar,
  lineTime?: TimeSignature | null,
): Tune {
  return {
    ...tune,
    parts: tune.parts.map((part, p) =>
      p !== ref.part
        ? part
        : {
            ...part,
            lines: part.lines.map((line, l) =>
              l !== ref.line
                ? line
                : {
                    ...line,
                    ...(lineTime !== undefined ? { time: lineTime } : {}),
                    bars: line.bars.map((b, i) => (i === ref.bar ? change(b) : b)),
                  },
            ),
          },
    ),
  };
}
