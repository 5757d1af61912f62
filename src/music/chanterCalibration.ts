/**
 * Chanter Sync's arithmetic (issue 4 point 6; spec §2.4 'Chanter Sync Complete'): which
 * frames belong to the note the piper was asked for, the median that becomes the note's
 * frequency, and the check of the nine results, with every problem explained in words a
 * piper understands. Pure, plain numbers in and out (DESIGN habit: src/music is pure).
 */
import { STANDARD_CHANTER, centsBetween, classify, type Cents } from './chanter.ts';
import { notes, type Hz } from './notes.ts';
import { justFrequencies } from './tunerReference.ts';

/** A calibration in progress: one measured frequency per note, Low G … High A, or null. */
export type Measured = readonly (Hz | null)[];

/**
 * How far a whole chanter may sit from the standard: modern chanters tune Low A between
 * about 466 and 490 Hz (Macpherson, "The Highland bagpipe scale", 1998,
 * http://publish.uwo.ca/~emacphe3/pipes/acoustics/pipescale.html: 470–480 Hz recently, 459 in
 * the 1950s), i.e. −50…+35 cents of the spec's 480 Hz. A note more than 100 cents (a
 * semitone) away is a wrong note or a wrong reading, not a chanter.
 */
export const RANGE_CENTS: Cents = 100;
/**
 * How far one note's interval from the chanter's own Low A may stray from the standard
 * interval. Pipers tape and reeds vary a note by 10–30 cents (High G and D differ most
 * between tunings, by 31 and 22 cents; Macpherson, "Hear various chanter tunings",
 * http://publish.uwo.ca/~emacphe3/pipes/acoustics/hearscales.html); past 50 cents the note
 * is closer to a neighbour semitone than to itself.
 */
export const INTERVAL_CENTS: Cents = 50;
/** An octave slip: a reading 1200 ± this many cents from where the note should be. */
const OCTAVE_SLIP_CENTS: Cents = 150;
/**
 * How close two neighbouring notes may come, as a share of their gap on the standard chanter
 * (issue 22 item 3). The standard chanter has the narrowest gaps any Highland chanter has: its
 * High G is 7:4 of Low A and its D 4:3, where MacNeill's tuning puts them at 9:5 and 27:20,
 * widening F–High G from 85 to 133 cents and C–D from 112 to 133 (Macpherson, "Hear various
 * chanter tunings", http://publish.uwo.ca/~emacphe3/pipes/acoustics/hearscales.html). Tape and
 * reeds move a note 10–30 cents, so half the standard gap lets both neighbours of the
 * narrowest pair sit ~20 cents towards each other (F–High G down to 42 cents) and still calls
 * a High G 22 cents above F what it is: a misreading, not a chanter.
 */
export const NEIGHBOUR_GAP_SHARE = 0.5;

/** The narrowest plausible gap (cents) from note `lower` up to note `lower + 1`. */
export function minimumNeighbourGap(lower: number): Cents {
  const fs = STANDARD_CHANTER.frequencies;
  return NEIGHBOUR_GAP_SHARE * centsBetween(fs[lower + 1]!, fs[lower]!);
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Mean offset (cents) of the measured notes from the standard; 0 with none measured yet. */
export function chanterOffset(measured: Measured): Cents {
  let sum = 0;
  let count = 0;
  measured.forEach((hz, i) => {
    if (hz !== null && hz > 0) {
      sum += centsBetween(hz, notes[i]!.frequency);
      count++;
    }
  });
  return count ? sum / count : 0;
}

/** Where note `index` should sound on this chanter, judging by the notes measured so far. */
export function expectedHz(index: number, measured: Measured): Hz {
  return notes[index]!.frequency * 2 ** (chanterOffset(measured) / 1200);
}

/**
 * Whether a frame at `hz` is the note `index` the piper was asked for: it must be nearer to
 * that note than to any other on the standard chanter shifted to this chanter's pitch so far
 * (so a sharp chanter's F is not taken for High G), within half the gap to each neighbour.
 * Other notes (the previous one still sounding, a slip) are ignored, not measured.
 */
export function acceptsFrame(hz: Hz, index: number, measured: Measured): boolean {
  const ratio = 2 ** (chanterOffset(measured) / 1200);
  const shifted = { ...STANDARD_CHANTER, frequencies: notes.map((n) => n.frequency * ratio) };
  return classify(hz, shifted)?.index === index;
}

export type CalibrationProblemKind =
  'missing' | 'order' | 'octave' | 'range' | 'interval' | 'neighbours';

export interface CalibrationProblem {
  /** The note to play again (Low G = 0 … High A = 8). */
  readonly index: number;
  readonly kind: CalibrationProblemKind;
  readonly message: string;
}

const hzText = (hz: Hz) => `${hz.toFixed(1)} Hz`;
const centsText = (c: Cents) => `${Math.round(Math.abs(c))} cents ${c > 0 ? 'sharp' : 'flat'}`;

/**
 * Everything wrong with a calibration, first problem first; empty when it can be saved.
 * Checks, in order: every note measured; no octave slips (a reading about an octave off where
 * the chanter's Low A puts the note: the detector or the piper jumped); each note higher than
 * the one below; each note within RANGE_CENTS of the standard; each interval from Low A
 * within INTERVAL_CENTS of the standard interval; neighbouring notes at least
 * minimumNeighbourGap apart.
 */
export function calibrationProblems(measured: Measured): CalibrationProblem[] {
  const problems: CalibrationProblem[] = [];
  notes.forEach((note, i) => {
    const hz = measured[i];
    if (hz === null || hz === undefined || !(hz > 0)) {
      problems.push({
        index: i,
        kind: 'missing',
        message: `${note.name} has not been played yet.`,
      });
    }
  });
  if (problems.length) return problems;
  const hz = measured as readonly Hz[];
  const lowA = hz[1]!;
  const flagged = new Set<number>();
  const add = (index: number, kind: CalibrationProblemKind, message: string) => {
    if (flagged.has(index)) return;
    flagged.add(index);
    problems.push({ index, kind, message });
  };

  // Octave slips, judged against the chanter's pitch without the note itself.
  notes.forEach((note, i) => {
    const others = hz.map((f, j) => (j === i ? null : f));
    const off = centsBetween(hz[i]!, expectedHz(i, others));
    if (Math.abs(Math.abs(off) - 1200) <= OCTAVE_SLIP_CENTS) {
      add(
        i,
        'octave',
        `${note.name} measured ${hzText(hz[i]!)}, about an octave ${off > 0 ? 'above' : 'below'} where it should be (near ${hzText(expectedHz(i, others))}). Play ${note.name} again, steadily and not too hard.`,
      );
    }
  });
  for (let i = 1; i < hz.length; i++) {
    if (hz[i]! <= hz[i - 1]! && !flagged.has(i) && !flagged.has(i - 1)) {
      add(
        i,
        'order',
        `${notes[i]!.name} (${hzText(hz[i]!)}) is not higher than ${notes[i - 1]!.name} (${hzText(hz[i - 1]!)}). The notes must rise from Low G to High A: play ${notes[i]!.name} again.`,
      );
    }
  }
  notes.forEach((note, i) => {
    const off = centsBetween(hz[i]!, note.frequency);
    if (Math.abs(off) > RANGE_CENTS) {
      add(
        i,
        'range',
        `${note.name} measured ${hzText(hz[i]!)}, ${centsText(off)} of the standard ${hzText(note.frequency)}. Practice chanters are rarely more than a semitone away: check you played ${note.name}, then play it again.`,
      );
    }
  });
  notes.forEach((note, i) => {
    if (i === 1) return;
    const interval = centsBetween(hz[i]!, lowA);
    const standard = centsBetween(note.frequency, notes[1]!.frequency);
    const off = interval - standard;
    if (Math.abs(off) > INTERVAL_CENTS) {
      add(
        i,
        'interval',
        `${note.name} is ${centsText(off)} against your Low A (${Math.round(interval)} cents from Low A; a chanter's ${note.name} is about ${Math.round(standard)}). Check the fingering and play ${note.name} again, or redo Low A if every note looks off.`,
      );
    }
  });
  // Neighbours too close together (issue 22 item 3): each note alone may pass the checks
  // above (F 25 cents sharp, High G 38 flat) while the pair is only 22 cents apart. The note
  // to replay is the one further from its place against Low A (Low A itself never is).
  const strayFromLowA = (i: number) =>
    i === 1
      ? -1
      : Math.abs(
          centsBetween(hz[i]!, lowA) - centsBetween(notes[i]!.frequency, notes[1]!.frequency),
        );
  for (let i = 0; i + 1 < hz.length; i++) {
    if (flagged.has(i) || flagged.has(i + 1)) continue;
    const gap = centsBetween(hz[i + 1]!, hz[i]!);
    const minimum = minimumNeighbourGap(i);
    if (gap >= minimum) continue;
    const lower = notes[i]!.name;
    const upper = notes[i + 1]!.name;
    const replay = strayFromLowA(i) > strayFromLowA(i + 1) ? i : i + 1;
    const standard = centsBetween(notes[i + 1]!.frequency, notes[i]!.frequency);
    add(
      replay,
      'neighbours',
      `${upper} is only ${Math.round(gap)} cents above ${lower}. On a chanter they are about ${Math.round(standard)} cents apart, and never closer than about ${Math.round(minimum)}, so one of them was misheard. Play ${notes[replay]!.name} again.`,
    );
  }
  return problems.sort((a, b) => a.index - b.index);
}

/**
 * Each measured note's cents against just intonation on the piper's own measured Low A, the
 * Tuner's 'Just intonation on your Low A' reference (src/music/tunerReference.ts; issue 22
 * item 3): how the chanter agrees with its drones, not how far it is from 480 Hz. Null for a
 * note not measured yet, and for every note until Low A is.
 */
export function justCents(measured: Measured): (Cents | null)[] {
  const lowA = measured[1];
  if (lowA === null || lowA === undefined || !(lowA > 0)) return measured.map(() => null);
  const just = justFrequencies(lowA);
  return measured.map((hz, i) => (hz !== null && hz > 0 ? centsBetween(hz, just[i]!) : null));
}

/** Steady frames taken per note: 0.5 s of readings at the listener's 50 a second. */
export const FRAMES_PER_NOTE = 25;

export interface CalibrationState {
  readonly measured: Measured;
  /** The note the piper is asked to play, or null when every note is measured. */
  readonly current: number | null;
  /** Accepted frames of the current note so far. */
  readonly frames: readonly Hz[];
}

export const EMPTY_CALIBRATION: CalibrationState = {
  measured: notes.map(() => null),
  current: 0,
  frames: [],
};

function nextUnmeasured(measured: Measured, after: number): number | null {
  for (let step = 1; step <= measured.length; step++) {
    const i = (after + step) % measured.length;
    if (measured[i] === null) return i;
  }
  return null;
}

/**
 * One steady reading while calibrating: kept if it is the note asked for (acceptsFrame);
 * after FRAMES_PER_NOTE of them the note's frequency is their median and the next note not
 * yet measured is asked for.
 */
export function addFrame(state: CalibrationState, hz: Hz): CalibrationState {
  const { current, measured } = state;
  if (current === null || !acceptsFrame(hz, current, measured)) return state;
  const frames = [...state.frames, hz];
  if (frames.length < FRAMES_PER_NOTE) return { ...state, frames };
  const next = measured.map((f, i) => (i === current ? median(frames) : f));
  return { measured: next, current: nextUnmeasured(next, current), frames: [] };
}

/** Play note `index` again: its old measurement is dropped so it does not bias the new one. */
export function redoNote(state: CalibrationState, index: number): CalibrationState {
  return {
    measured: state.measured.map((f, i) => (i === index ? null : f)),
    current: index,
    frames: [],
  };
}
