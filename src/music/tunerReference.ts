/**
 * What the Tuner measures against (issue 4 point 8): the selected chanter, just intonation
 * built on the piper's own Low A, or the drones. Pure, plain numbers.
 *
 * Just intonation: the Highland pipe scale is a just scale on Low A, so that each note
 * agrees with the drones' harmonics (Macpherson, "Hear various Highland bagpipe chanter
 * tunings", 1998, http://publish.uwo.ca/~emacphe3/pipes/acoustics/hearscales.html, which
 * tabulates the MacNeill and "harmonic" tunings; Dojo University, "Bagpipe Chanter
 * Tuning — Part 3", learn.dojouniversity.com). The two published tunings differ only on
 * Low G (8:9 or 7:8), D (27:20 or 4:3) and High G (9:5 or 7:4). We use Low G 8:9, D 4:3 and
 * High G 7:4 because those are the ratios of the spec's own standard chanter (§3: 426 ≈
 * 480·8/9 = 426.7, 640 = 480·4/3, 840 = 480·7/4), so a standard chanter reads in tune in
 * both references and only the piper's Low A moves the targets.
 */
import { STANDARD_CHANTER, type Chanter } from './chanter.ts';
import type { Hz } from './notes.ts';

/** Ratios to Low A, Low G … High A. */
export const JUST_RATIOS: readonly number[] = [
  8 / 9,
  1,
  9 / 8,
  5 / 4,
  4 / 3,
  3 / 2,
  5 / 3,
  7 / 4,
  2,
];

/** The just scale on `lowA`. */
export function justFrequencies(lowA: Hz): Hz[] {
  return JUST_RATIOS.map((r) => lowA * r);
}

/** The chanter's own Low A (its second note). */
export function lowAOf(chanter: Chanter): Hz {
  return chanter.frequencies[1] ?? STANDARD_CHANTER.frequencies[1]!;
}

/**
 * Drone mode listens to a drone instead of the chanter: bass two octaves and tenors one
 * octave below the chanter's Low A (corpus README 'Facts about real pipes'). The listener
 * takes nine ascending targets, so the drones are given as the just scale two octaves down:
 * its Low A is the bass and its High A the tenor, and the notes between only mark how far
 * a drone is off (a drone a whole tone flat is nearer "Low G" than the bass).
 */
export function droneChanter(lowA: Hz): Chanter {
  return {
    id: `drones-${lowA.toFixed(2)}`,
    name: 'Drones',
    frequencies: justFrequencies(lowA / 4),
  };
}

/** Which drone a drone-mode reading is, by its note index. */
export function droneAt(index: number): 'bass' | 'tenor' | null {
  if (index === 1) return 'bass';
  if (index === JUST_RATIOS.length - 1) return 'tenor';
  return null;
}
