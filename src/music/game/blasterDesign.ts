/**
 * How each Blaster level plays (issue 7 part 4: levels 1–5 raise speed, note range and reading
 * difficulty, grace notes at 4–5). The launch rate never exceeds the level's `notesPerSecond`
 * in blasterRules.ts, which the server uses to refuse impossible scores
 * (docs/decisions/008-score-integrity.md): change one and the other must follow.
 */
import type { Pitch } from '../notes.ts';
import { blasterLevelRules, type BlasterLevel } from './blasterRules.ts';

export interface BlasterLevelDesign {
  /** Notes the level draws its targets from. */
  readonly pitches: readonly Pitch[];
  /** Note names on the targets (low levels) or bare staff positions (higher ones). */
  readonly showNames: boolean;
  /** Share of targets (0…1) that carry a grace note to play before the melody note. */
  readonly graceChance: number;
  /** Seconds a target takes to cross the field at the start, and once the level is at full speed. */
  readonly travelStart: number;
  readonly travelEnd: number;
  /** Seconds between launches at the start; it shrinks to 1 / notesPerSecond. */
  readonly intervalStart: number;
}

const ALL: readonly Pitch[] = ['LG', 'LA', 'B', 'C', 'D', 'E', 'F', 'HG', 'HA'];

export const blasterDesign: Readonly<Record<BlasterLevel, BlasterLevelDesign>> = {
  1: {
    pitches: ['LA', 'B', 'C', 'D', 'E'],
    showNames: true,
    graceChance: 0,
    travelStart: 7,
    travelEnd: 5.5,
    intervalStart: 2.4,
  },
  2: {
    pitches: ['LG', 'LA', 'B', 'C', 'D', 'E', 'F'],
    showNames: true,
    graceChance: 0,
    travelStart: 6.5,
    travelEnd: 4.5,
    intervalStart: 2,
  },
  3: {
    pitches: ALL,
    showNames: false,
    graceChance: 0,
    travelStart: 6,
    travelEnd: 4,
    intervalStart: 1.8,
  },
  4: {
    pitches: ALL,
    showNames: false,
    graceChance: 0.3,
    travelStart: 5.5,
    travelEnd: 3.6,
    intervalStart: 1.6,
  },
  5: {
    pitches: ALL,
    showNames: false,
    graceChance: 0.45,
    travelStart: 5,
    travelEnd: 3.2,
    intervalStart: 1.4,
  },
};

/** Seconds of play after which a level runs at full speed and its fastest launch rate. */
export const RAMP_SECONDS = 120;

/** Shortest allowed time between launches: blasterRules' cap, never beaten. */
export function minLaunchInterval(level: BlasterLevel): number {
  return 1 / blasterLevelRules[level].notesPerSecond;
}

/** 0 at the start of a game, 1 once the level is at full speed. */
export function rampOf(gameSeconds: number): number {
  return Math.min(1, Math.max(0, gameSeconds / RAMP_SECONDS));
}

export function launchInterval(level: BlasterLevel, gameSeconds: number): number {
  const d = blasterDesign[level];
  const min = minLaunchInterval(level);
  return Math.max(min, d.intervalStart + (min - d.intervalStart) * rampOf(gameSeconds));
}

export function travelSeconds(level: BlasterLevel, gameSeconds: number): number {
  const d = blasterDesign[level];
  return d.travelStart + (d.travelEnd - d.travelStart) * rampOf(gameSeconds);
}

/**
 * The single grace notes a piper plays before a melody note: the G gracenote (High G) on
 * Low G to F, the D gracenote on Low G to C, the E gracenote on Low G to D (the common
 * gracenotes of Highland piping; a grace note sounds above the note it decorates). High G and
 * High A take none here.
 */
export function graceNotesFor(melody: Pitch): readonly Pitch[] {
  switch (melody) {
    case 'LG':
    case 'LA':
    case 'B':
    case 'C':
      return ['HG', 'D', 'E'];
    case 'D':
      return ['HG', 'E'];
    case 'E':
    case 'F':
      return ['HG'];
    default:
      return [];
  }
}
