/**
 * How long each grace note of an embellishment lasts when a tune is played (issue 6
 * 'Playback: per-embellishment timing from a table … not a single smoothing factor').
 *
 * Why a table: players that give every gracenote the same time (or scale all of them by one
 * 'smoothing' factor) sound mechanical because pipers do not play movements evenly. What the
 * piping tutors teach, and what this table encodes:
 *  - Gracenotes are as short as can still be heard cleanly, roughly 25–40 ms, and stay about
 *    that short whatever the tempo (College of Piping Tutor book 1, 'gracenotes are played as
 *    quickly as possible'; Cannon, 'The Highland Bagpipe and its Music', ch. on execution).
 *    So durations are in milliseconds and bend only slightly with tempo (TEMPO_EXPONENT).
 *  - In a doubling the middle gracenote is the melody note itself, heard for a moment:
 *    it is longer than the gracenotes around it ('G gracenote – note – upper gracenote').
 *  - A throw on D leans on its D; a heavy throw adds the Low G; grips and taorluaths are
 *    even and crisp with a slightly heard D; birls are the fastest movement on the chanter.
 *  - Piobaireachd movements are more open: the E of a cadence is held well beyond a
 *    gracenote (Piobaireachd Society, 'General principles of expression'), echo beats and
 *    darodos are deliberate, crunluaths fast.
 *  - Graces are played ON THE BEAT by default: they take their time from the note they
 *    embellish (the melody note starts late by their length). Some players put them before
 *    the beat, taking the time from the preceding note, in light music and strathspeys;
 *    `GraceAnchor` 'before-beat' gives that style.
 *  - Graces never take more than MAX_GRACE_SHARE of the note they borrow time from: a
 *    movement on a short note is played tighter, never swallowing the note.
 *
 * Rows are keyed by family, then by the number of graces actually played: the same family
 * loses its leading gracenote in context (./embellishments.ts `graceNotes`), and a heavy
 * throw has one more than a light one, so a shape is chosen for the count that sounds.
 */
import type { Milliseconds } from '../units.ts';
import type { EmbellishmentFamily } from './tune.ts';

export type GraceAnchor = 'on-beat' | 'before-beat';

// Was declared here before ADR 021; kept so branches that import it from here still build.
export type { Milliseconds } from '../units.ts';

export interface GraceTimingRow {
  /** Duration of each gracenote when no shape for the count is listed. */
  readonly each: Milliseconds;
  /** Exact shapes by number of gracenotes played. */
  readonly shapes?: Readonly<Record<number, readonly Milliseconds[]>>;
}

/** The table, in milliseconds at REFERENCE_BPM. Every family has a row (see tests). */
export const graceTimingTable: Readonly<Record<EmbellishmentFamily, GraceTimingRow>> = {
  grace: { each: 32 },
  'double-grace': { each: 30, shapes: { 2: [28, 32] } },
  // High G, the note (heard), the upper gracenote.
  doubling: { each: 32, shapes: { 2: [48, 30], 3: [28, 48, 30] } },
  'thumb-doubling': { each: 32, shapes: { 2: [48, 30], 3: [28, 48, 30] } },
  'half-doubling': { each: 32, shapes: { 1: [30], 2: [48, 30] } },
  strike: { each: 30 },
  // Lead gracenote, the note, the strike below.
  'g-strike': { each: 30, shapes: { 2: [42, 28], 3: [28, 42, 28] } },
  'thumb-strike': { each: 30, shapes: { 2: [42, 28], 3: [28, 42, 28] } },
  'half-strike': { each: 30, shapes: { 1: [28], 2: [42, 28] } },
  'double-strike': { each: 30, shapes: { 5: [28, 38, 28, 38, 28] } },
  'triple-strike': { each: 28, shapes: { 7: [26, 34, 26, 34, 26, 34, 26] } },
  // Low G, D (the audible peak), Low G.
  grip: { each: 30, shapes: { 2: [36, 30], 3: [30, 36, 30], 4: [30, 30, 36, 30] } },
  taorluath: { each: 30, shapes: { 3: [36, 30, 32], 4: [30, 36, 30, 32] } },
  bubbly: { each: 30, shapes: { 4: [36, 30, 34, 30], 5: [30, 36, 30, 34, 30] } },
  // The birl: the fastest movement; a leading gracenote (G or thumb) is a touch longer.
  birl: { each: 24, shapes: { 3: [26, 22, 24], 4: [28, 22, 22, 24], 5: [30, 26, 22, 22, 24] } },
  // Throws lean on the D (light: Low G, D, C; heavy: Low G, D, Low G, C).
  throw: { each: 32, shapes: { 2: [55, 32], 3: [30, 55, 32], 4: [30, 55, 30, 32] } },
  pele: { each: 30, shapes: { 4: [42, 28, 36, 28], 5: [28, 42, 28, 36, 28] } },
  edre: { each: 36 },
  // Piobaireachd: the E is held (a cadence E is a short note in its own right).
  cadence: {
    each: 40,
    shapes: { 1: [140], 2: [35, 140], 3: [35, 140, 40], 4: [35, 140, 40, 40] },
  },
  echo: { each: 45 },
  darodo: { each: 40 },
  rodin: { each: 40 },
  hiharin: { each: 40 },
  lemluath: { each: 34 },
  crunluath: { each: 30 },
  tripling: { each: 36 },
  other: { each: 34 },
};

/** Tempo at which the table's figures hold: a typical march tempo in BWW files (90). */
export const REFERENCE_BPM = 90;
/** Graces stretch only as the fourth root of the tempo ratio: nearly constant in time. */
export const TEMPO_EXPONENT = 0.25;
/** …and never more than this much either way, so a 40 bpm ground stays crisp. */
export const TEMPO_STRETCH_LIMITS: readonly [number, number] = [0.85, 1.2];
/** The most of a note's time its graces may take. */
export const MAX_GRACE_SHARE = 0.5;

/** The stretch applied to the table at a tempo (crotchets per minute). */
export function tempoStretch(bpm: number): number {
  if (!(bpm > 0)) return 1;
  const raw = (REFERENCE_BPM / bpm) ** TEMPO_EXPONENT;
  return Math.min(TEMPO_STRETCH_LIMITS[1], Math.max(TEMPO_STRETCH_LIMITS[0], raw));
}

/** Milliseconds of each of `count` gracenotes of a family at REFERENCE_BPM. */
export function graceShape(family: EmbellishmentFamily, count: number): readonly Milliseconds[] {
  if (count <= 0) return [];
  const row = graceTimingTable[family] ?? graceTimingTable.other;
  const shape = row.shapes?.[count];
  if (shape) return shape;
  return Array.from({ length: count }, () => row.each);
}

/**
 * Seconds for each gracenote of a family at a tempo, fitted into the note the time is taken
 * from (`hostSeconds`): at most MAX_GRACE_SHARE of it, scaled down evenly when longer.
 */
export function graceDurations(
  family: EmbellishmentFamily,
  count: number,
  bpm: number,
  hostSeconds: number = Infinity,
): readonly number[] {
  const stretch = tempoStretch(bpm);
  const seconds = graceShape(family, count).map((ms) => (ms / 1000) * stretch);
  const total = seconds.reduce((a, b) => a + b, 0);
  const room = Math.max(0, hostSeconds) * MAX_GRACE_SHARE;
  if (total <= room || total === 0) return seconds;
  const fit = room / total;
  return seconds.map((s) => s * fit);
}
