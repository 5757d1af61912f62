/**
 * The tune model: tunes → parts → lines → bars → items (notes, rests, markers).
 * Pure data — readonly, plain objects and arrays only — so a tune survives JSON.stringify/parse
 * unchanged and can cross the worker/server boundary (issue 6, 'Tune model').
 *
 * It keeps what a piper reads on the page, in the order it is written. Notation details that
 * only exist to draw the page (fonts, MIDI mappings) are kept as opaque header lines so a BWW
 * file can be written back without loss.
 */
import type { Pitch } from '../notes.ts';

/** Note value as the denominator of a whole note: 4 = crotchet, 8 = quaver, 16 = semiquaver. */
export type Duration = 1 | 2 | 4 | 8 | 16 | 32 | 64;

export const durations: readonly Duration[] = [1, 2, 4, 8, 16, 32, 64];

export type Accidental = 'sharp' | 'natural' | 'flat';

/**
 * An embellishment as pipers name it. `code` is the Bagpipe Music Writer name ('dbhg', 'grp',
 * 'gstd', …) — the de facto shared vocabulary of pipe-music software; `family` groups the codes
 * (doubling, strike, grip …). Grace-note pitches come from ./embellishments.ts.
 */
export interface Embellishment {
  readonly family: EmbellishmentFamily;
  readonly code: string;
}

export type EmbellishmentFamily =
  | 'grace'
  | 'double-grace'
  | 'doubling'
  | 'thumb-doubling'
  | 'half-doubling'
  | 'strike'
  | 'g-strike'
  | 'thumb-strike'
  | 'half-strike'
  | 'double-strike'
  | 'triple-strike'
  | 'grip'
  | 'taorluath'
  | 'bubbly'
  | 'birl'
  | 'throw'
  | 'pele'
  | 'edre'
  | 'cadence'
  | 'echo'
  | 'darodo'
  | 'rodin'
  | 'hiharin'
  | 'lemluath'
  | 'crunluath'
  | 'tripling'
  | 'other';

/** Start of a tuplet: `actual` notes in the time of `normal` (a triplet is 3 in the time of 2). */
export interface TupletStart {
  readonly actual: number;
  readonly normal: number;
}

export interface Note {
  readonly kind: 'note';
  readonly pitch: Pitch;
  readonly duration: Duration;
  readonly dots: 0 | 1 | 2;
  /**
   * Which side the beam joins: 'right' for a note beamed to the following one, 'left' for one
   * beamed to the preceding one, null for an unbeamed note (BWW `Er_8` / `Dl_8` / `E_8`).
   */
  readonly beam: 'left' | 'right' | null;
  readonly accidental: Accidental | null;
  /** Usually zero or one; BWW allows several written in a row. */
  readonly embellishments: readonly Embellishment[];
  readonly fermata: boolean;
  /** Tied to the next note (the tie's end is implied by the next note). */
  readonly tie: boolean;
  /** Set on the first note of a tuplet. */
  readonly tupletStart: TupletStart | null;
  /** Set on the last note of a tuplet. */
  readonly tupletEnd: boolean;
}

export interface Rest {
  readonly kind: 'rest';
  readonly duration: Duration;
  readonly dots: 0 | 1 | 2;
  readonly tupletStart: TupletStart | null;
  readonly tupletEnd: boolean;
}

/** Time signature; 'common' (C) is 4/4 and 'cut' (C_) is 2/2 drawn as symbols. */
export interface TimeSignature {
  readonly kind: 'time';
  readonly beats: number;
  readonly beatType: number;
  readonly symbol: 'common' | 'cut' | null;
}

/** Start of a time line ('1st time', '2nd of 2', 'intro' …): an ending bracket over the bars. */
export interface TimeLineStart {
  readonly kind: 'timeline';
  /** As written after the quote: '1', '2', '22', '24', 'intro', … */
  readonly label: string;
}

export interface TimeLineEnd {
  readonly kind: 'timeline-end';
}

/** Horizontal space the writer left in the bar (BWW `space`); no musical time. */
export interface Space {
  readonly kind: 'space';
}

/** Navigation marks: segno, coda, D.S., D.C. al fine, fine. */
export interface Mark {
  readonly kind: 'mark';
  readonly code: 'segno' | 'dalsegno' | 'coda' | 'codasection' | 'dacapoalfine' | 'fine';
}

/**
 * A tempo change from this bar on: a `TuneTempo,N` line written inside the music (issue 15
 * item 9). `bpm` is crotchets per minute, like `Tune.tempo`.
 */
export interface TempoChange {
  readonly kind: 'tempo';
  readonly bpm: number;
}

export type TextRole = 'title' | 'type' | 'composer' | 'footer' | 'text';

/** A text on the page: the tune's title, type ('March'), composer, footer or free text. */
export interface Text {
  readonly kind: 'text';
  readonly role: TextRole;
  readonly text: string;
  /** The writer's layout tuple ('T,L,0,0,Times New Roman,16,…'), kept for a faithful write-back. */
  readonly format: string | null;
}

export type BarItem =
  Note | Rest | TimeSignature | TimeLineStart | TimeLineEnd | Space | Mark | Text | TempoChange;

/** How a bar opens: a plain start, a part start (`I!`) or a repeat start (`I!''`). */
export type BarOpen = 'part' | 'repeat' | null;

/**
 * How a bar closes: bar line, double bar, end of a staff line (`!t`), end of a part (`!I`) or
 * end of a repeat (`''!I`); null when the line ends without one.
 */
export type BarClose = 'bar' | 'double' | 'line' | 'part' | 'repeat' | null;

export interface Bar {
  readonly open: BarOpen;
  readonly items: readonly BarItem[];
  readonly close: BarClose;
}

/** One staff line as the tune defines it (BWW `&` starts one). */
export interface Line {
  /** Key signature accidentals as written, usually ['sharpf', 'sharpc'] (pipe music's two sharps). */
  readonly key: readonly string[];
  /** Time signature written at the start of the line, if any. */
  readonly time: TimeSignature | null;
  readonly bars: readonly Bar[];
}

/** A part: lines up to and including the one where the part (or its repeat) ends. */
export interface Part {
  readonly lines: readonly Line[];
}

export interface Tune {
  /** Writer program lines and settings kept verbatim ('Bagpipe Reader:1.0', 'FontSizes,(…)'). */
  readonly header: readonly string[];
  /** Crotchet beats per minute from the file (BWW `TuneTempo`), null when absent. */
  readonly tempo: number | null;
  /** Texts before the music, in order: title, type, composer, footers, comments. */
  readonly texts: readonly Text[];
  readonly parts: readonly Part[];
}

/** The first text of a role ('title', 'type', 'composer'), trimmed; '' when absent. */
export function tuneText(tune: Tune, role: TextRole): string {
  return tune.texts.find((t) => t.role === role)?.text.trim() ?? '';
}

/** Every bar of the tune in playing order of the page (repeats not unfolded). */
export function barsOf(tune: Tune): readonly Bar[] {
  return tune.parts.flatMap((p) => p.lines.flatMap((l) => l.bars));
}

/** Every note of the tune in page order. */
export function notesOf(tune: Tune): readonly Note[] {
  return barsOf(tune).flatMap((b) => b.items.filter((i): i is Note => i.kind === 'note'));
}
