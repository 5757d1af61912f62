/**
 * The Flash Cards rules (spec §2.3 'Flash Cards', §4 'Flash cards', §5 'Inputs', §9): duration
 * clamps, the Random, Scale and Song orders, and the exercise countdown. Pure: time arrives as
 * numbers and randomness as a function, so tests use plain values (DESIGN habit 3).
 */
import { pitches, type Pitch } from './notes.ts';

export type FlashMode = 'Random' | 'Scale' | 'Song';
export const flashModes: readonly FlashMode[] = ['Random', 'Scale', 'Song'];

/** Spec §9 'Flash card note duration: 1 to 10 s, default 1' (R-9.CONST-12). */
export const NOTE_SECONDS_MIN = 1;
export const NOTE_SECONDS_MAX = 10;
export const NOTE_SECONDS_DEFAULT = 1;
/** Spec §9 'Flash card exercise duration: 10 to 300 s, default 30' (R-9.CONST-13). */
export const EXERCISE_SECONDS_MIN = 10;
export const EXERCISE_SECONDS_MAX = 300;
export const EXERCISE_SECONDS_DEFAULT = 30;

const clampWhole = (value: number, min: number, max: number, fallback: number) =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;

/** R-5.INPUTS-03/-04/-05: a whole number of seconds, 1 to 10; anything unusable is 1. */
export const clampNoteSeconds = (value: number) =>
  clampWhole(value, NOTE_SECONDS_MIN, NOTE_SECONDS_MAX, NOTE_SECONDS_DEFAULT);

/** R-5.INPUTS-06/-07: 10 to 300 seconds (the screen applies it on blur). */
export const clampExerciseSeconds = (value: number) =>
  clampWhole(value, EXERCISE_SECONDS_MIN, EXERCISE_SECONDS_MAX, EXERCISE_SECONDS_DEFAULT);

/**
 * The Song mode sequence (R-4.FLASH-12, R-9.CONST-14): 29 note indexes (0 = Low G … 8 = High
 * A). The spec gives its length, not its notes; these are the opening of 'Amazing Grace'
 * (traditional, public domain) as pipers play it, the first air most learners meet.
 */
export const SONG_SEQUENCE: readonly number[] = [
  1, 4, 6, 5, 4, 6, 6, 5, 4, 2, 1, 1, 4, 4, 6, 5, 4, 6, 5, 6, 8, 8, 7, 6, 8, 6, 5, 4, 2,
];

/** Where the cards are: the note on show, the scale direction and the song position. */
export interface CardPosition {
  /** Index of the note on show, 0 (Low G) … 8 (High A). */
  readonly index: number;
  /** Scale mode's direction: +1 up, -1 down. */
  readonly direction: 1 | -1;
  /** Song mode's position in SONG_SEQUENCE. */
  readonly songPosition: number;
}

export const INITIAL_POSITION: CardPosition = { index: 0, direction: 1, songPosition: 0 };

const TOP = pitches.length - 1;

/** R-4.FLASH-11: any note except the current one; `random` returns [0, 1). */
export function randomOtherIndex(current: number, random: () => number): number {
  const r = Math.min(TOP - 1, Math.floor(random() * TOP));
  return r >= current ? r + 1 : r;
}

/** R-4.FLASH-09: one step in the current direction, reversing at the top and at the bottom. */
function scaleStep(p: CardPosition, direction: 1 | -1): CardPosition {
  let d = direction;
  if (p.index + d > TOP || p.index + d < 0) d = d === 1 ? -1 : 1;
  return { ...p, index: p.index + d, direction: d };
}

/** The next card (the next-note button and each exercise step). */
export function nextCard(p: CardPosition, mode: FlashMode, random: () => number): CardPosition {
  if (mode === 'Random') return { ...p, index: randomOtherIndex(p.index, random) };
  if (mode === 'Scale') return scaleStep(p, p.direction);
  // R-4.FLASH-13: the song loops.
  const songPosition = (p.songPosition + 1) % SONG_SEQUENCE.length;
  return { ...p, songPosition, index: SONG_SEQUENCE[songPosition]! };
}

/**
 * The previous card. Scale and Song step back along their order (Scale retraces its path,
 * so previous after next returns to the same note); Random has no order, so it draws again.
 */
export function previousCard(p: CardPosition, mode: FlashMode, random: () => number): CardPosition {
  if (mode === 'Random') return { ...p, index: randomOtherIndex(p.index, random) };
  if (mode === 'Scale') {
    const back = scaleStep(p, p.direction === 1 ? -1 : 1);
    // Keep facing the way the scale was going, so next retraces forwards again.
    return { ...back, direction: back.direction === 1 ? -1 : 1 };
  }
  const n = SONG_SEQUENCE.length;
  const songPosition = (p.songPosition - 1 + n) % n;
  return { ...p, songPosition, index: SONG_SEQUENCE[songPosition]! };
}

/** Choosing a mode shows its first card: Song its first note, Scale Low G going up. */
export function positionForMode(p: CardPosition, mode: FlashMode): CardPosition {
  if (mode === 'Song') return { index: SONG_SEQUENCE[0]!, direction: 1, songPosition: 0 };
  if (mode === 'Scale') return { ...p, direction: 1, songPosition: 0 };
  return { ...p, songPosition: 0 };
}

/**
 * The card an exercise starts on: R-4.FLASH-10 Scale at the first note, R-4.FLASH-14 Song at
 * the first song note; Random draws a note other than the one on show.
 */
export function exerciseStart(
  p: CardPosition,
  mode: FlashMode,
  random: () => number,
): CardPosition {
  if (mode === 'Scale') return INITIAL_POSITION;
  if (mode === 'Song') return { index: SONG_SEQUENCE[0]!, direction: 1, songPosition: 0 };
  return { ...p, index: randomOtherIndex(p.index, random) };
}

/**
 * R-4.FLASH-08: stopping resets the song position (the next Song card is its first note).
 */
export function exerciseStop(p: CardPosition): CardPosition {
  return { ...p, songPosition: 0 };
}

/** 'Note X of N' (R-2.3.FLASH-05): the song counts its 29 notes, the other modes the nine. */
export function counterText(p: CardPosition, mode: FlashMode): string {
  return mode === 'Song'
    ? `Note ${p.songPosition + 1} of ${SONG_SEQUENCE.length}`
    : `Note ${p.index + 1} of ${pitches.length}`;
}

/** 'Time Remaining m:ss' (R-2.3.FLASH-06) for whole seconds left. */
export function remainingText(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `Time Remaining ${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export interface ExerciseProgress {
  /** Seconds left on the countdown (R-4.FLASH-02), never below 0. */
  readonly remaining: number;
  /** Cards shown so far, counting the first at 0 s: one more every note duration. */
  readonly cards: number;
  /** R-4.FLASH-05: the countdown has ended. */
  readonly done: boolean;
}

/**
 * Where an exercise is after `elapsed` seconds (R-4.FLASH-02/-03/-05): computed from the start
 * time rather than counted tick by tick, so a late timer never shifts the notes.
 */
export function exerciseProgress(
  elapsed: number,
  noteSeconds: number,
  exerciseSeconds: number,
): ExerciseProgress {
  const t = Math.max(0, elapsed);
  const done = t >= exerciseSeconds;
  const shownUntil = Math.min(t, exerciseSeconds - 1e-9);
  return {
    remaining: Math.max(0, exerciseSeconds - t),
    cards: Math.floor(shownUntil / noteSeconds) + 1,
    done,
  };
}

export const pitchAt = (index: number): Pitch => pitches[index] ?? 'LG';
