/**
 * Chanters, cents and note classification (spec §3 'Chanter', 'Default detection settings';
 * §5 'Inputs' gain). Pure: the detector core (src/audio/pitch), Chanter Sync and the Tuner
 * all decide "which of the nine notes is this frequency?" here, so they can never disagree.
 */
import { notes, pitches, type Pitch } from './notes.ts';
import type { Cents, Hz } from './units.ts';

/** Kept here too: most callers import `Cents` beside the chanter (the unit is in units.ts). */
export type { Cents } from './units.ts';

/** A chanter: a name and its nine frequencies, Low G to High A (R-3.CHANTER-01/-02). */
export interface Chanter {
  readonly id: string;
  readonly name: string;
  /** Exactly 9 values, ascending, one per Pitch in scale order. */
  readonly frequencies: readonly Hz[];
}

/** Fixed ids of the built-in chanters; src/web/storage/keys.ts stores the same strings. */
export const STANDARD_CHANTER_ID = 'standard';
export const KEYBOARD_CHANTER_ID = 'keyboard';

const standardFrequencies: readonly Hz[] = notes.map((n) => n.frequency);

/** The standard chanter of R-3.NOTES-02 (426 … 960 Hz). */
export const STANDARD_CHANTER: Chanter = {
  id: STANDARD_CHANTER_ID,
  name: 'Standard',
  frequencies: standardFrequencies,
};

/**
 * The keyboard chanter simulates a chanter (spec §4 'Keyboard chanter'): no audio is
 * analysed, but screens that show Hz or play notes need frequencies, so it sounds standard.
 */
export const KEYBOARD_CHANTER: Chanter = {
  id: KEYBOARD_CHANTER_ID,
  name: 'Keyboard',
  frequencies: standardFrequencies,
};

export const BUILT_IN_CHANTERS: readonly Chanter[] = [STANDARD_CHANTER, KEYBOARD_CHANTER];

/** Why a set of frequencies cannot be a chanter, in words a piper understands; null if fine. */
export function chanterProblem(frequencies: readonly number[]): string | null {
  if (frequencies.length !== pitches.length) {
    return `A chanter needs ${pitches.length} frequencies, one per note; got ${frequencies.length}.`;
  }
  for (let i = 0; i < frequencies.length; i++) {
    const f = frequencies[i]!;
    if (!Number.isFinite(f) || f <= 0) {
      return `${notes[i]!.name} has no usable frequency (${String(f)}).`;
    }
    if (i > 0 && f <= frequencies[i - 1]!) {
      return `${notes[i]!.name} (${f.toFixed(1)} Hz) must be higher than ${notes[i - 1]!.name} (${frequencies[i - 1]!.toFixed(1)} Hz).`;
    }
  }
  return null;
}

/** A calibrated chanter (R-3.CHANTER-05: its own id). Throws if the frequencies are unusable. */
export function customChanter(name: string, id: string, frequencies: readonly number[]): Chanter {
  const problem = chanterProblem(frequencies);
  if (problem) throw new Error(problem);
  return { id, name, frequencies: [...frequencies] };
}

/** Interval from `reference` up to `hz` in cents (negative when `hz` is lower). */
export function centsBetween(hz: Hz, reference: Hz): Cents {
  return 1200 * Math.log2(hz / reference);
}

/** The frequency `cents` above (or below, if negative) `hz`. */
export function shiftCents(hz: Hz, cents: Cents): Hz {
  return hz * 2 ** (cents / 1200);
}

export interface Classification {
  readonly pitch: Pitch;
  /** Scale degree, 0 (Low G) … 8 (High A). */
  readonly index: number;
  /** The chanter's frequency for that note. */
  readonly target: Hz;
  /** How far the input is from the target: positive = sharp. */
  readonly cents: Cents;
}

/**
 * Half the interval from note `i` to each neighbour, in cents. The outermost notes have
 * one neighbour, so their outer half-width mirrors the inner one: a Low G a whole tone flat
 * is not a Low G any more.
 */
function halfWidths(frequencies: readonly Hz[], i: number): { below: Cents; above: Cents } {
  const f = frequencies[i]!;
  const lower = frequencies[i - 1];
  const upper = frequencies[i + 1];
  const below = lower !== undefined ? centsBetween(f, lower) / 2 : undefined;
  const above = upper !== undefined ? centsBetween(upper, f) / 2 : undefined;
  return { below: below ?? above ?? 50, above: above ?? below ?? 50 };
}

/**
 * The nearest of the chanter's nine notes to `hz`, or null when it is outside every note's
 * window. Boundaries between neighbours are at their geometric midpoint (equal cents either
 * side), which matters most for F and High G, only ~85 cents apart on the standard chanter:
 * a nearest-by-Hz rule would put the boundary ~1 cent off centre and favour one note.
 *
 * `toleranceAdjustment` (cents; spec §3 default 0) widens (positive) or narrows (negative)
 * every note's window. Boundaries between neighbours never move (the nearest note always
 * wins), so a negative value leaves dead bands where ambiguous pitches are rejected and a
 * positive value only reaches further beyond Low G and High A.
 */
export function classify(
  hz: Hz,
  chanter: Chanter,
  toleranceAdjustment: Cents = 0,
): Classification | null {
  const fs = chanter.frequencies;
  if (!(hz > 0) || !Number.isFinite(hz) || fs.length === 0) return null;
  // Binary search would be overkill for 9 notes; a linear scan on log distance is clear.
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < fs.length; i++) {
    const d = Math.abs(centsBetween(hz, fs[i]!));
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  const cents = centsBetween(hz, fs[best]!);
  const { below, above } = halfWidths(fs, best);
  const limit = (cents < 0 ? below : above) + toleranceAdjustment;
  if (Math.abs(cents) > limit) return null;
  return { pitch: pitches[best]!, index: best, target: fs[best]!, cents };
}

/** Detection settings (spec §3 'Default detection settings'). */
export interface DetectionSettings {
  /** Consecutive estimates that must agree before a note is reported. */
  readonly requiredConsecutiveMatches: number;
  /** Estimates with a lower clarity (0…1) count as silence. */
  readonly clarityThreshold: number;
  /** Cents added to every note's acceptance window (see `classify`). */
  readonly toleranceAdjustment: Cents;
  /** How many recent notes the history keeps. */
  readonly maxHistory: number;
  /** Input gain (linear factor) applied before analysis. */
  readonly gain: number;
}

/** R-3.DETECT-01. */
export const DEFAULT_DETECTION_SETTINGS: DetectionSettings = {
  requiredConsecutiveMatches: 1,
  clarityThreshold: 0.2,
  toleranceAdjustment: 0,
  maxHistory: 5,
  gain: 3,
};

/** R-9.CONST-28 / R-5.INPUTS-11. */
export const GAIN_STEP = 0.1;
/** The spec's minimum-gain constant (R-5.INPUTS-12). */
export const GAIN_MIN = 0.5;
/** Not in the spec (R-5.INPUTS-12 leaves it to us): 10× covers a quiet mic across a room. */
export const GAIN_MAX = 10;

/**
 * Snap a gain to the 0.1 grid and clamp it to [GAIN_MIN, GAIN_MAX] (R-5.INPUTS-10/-11).
 * Non-numbers fall back to the default, so a corrupt stored value cannot mute the mic.
 */
export function clampGain(gain: number): number {
  if (!Number.isFinite(gain)) return DEFAULT_DETECTION_SETTINGS.gain;
  // Work in tenths to avoid 0.1-step float drift (0.30000000000000004).
  const tenths = Math.round(gain / GAIN_STEP);
  const clamped = Math.min(GAIN_MAX / GAIN_STEP, Math.max(GAIN_MIN / GAIN_STEP, tenths));
  return clamped / 10;
}
