/**
 * Blaster's game logic (issue 7 part 4), pure and driven by the time it is given (DESIGN
 * habit 3): targets launched from a seed, their flight across the field, hits, grace notes,
 * combo, score and lives. The screen calls `tick(now)` every animation frame and `play(pitch,
 * now)` on every note onset from the chanter; both return what happened, so the screen can
 * draw blasts and play sounds. Nothing here allocates per frame unless something happens.
 *
 * Scoring follows blasterRules.ts: a hit is worth the level's pointsPerNote times the combo
 * multiplier (capped at MAX_COMBO_MULTIPLIER), and targets launch no faster than the level's
 * notesPerSecond, so the server's ceiling (docs/decisions/008-score-integrity.md) holds.
 */
import type { Pitch } from '../notes.ts';
import { seededRandom } from '../random.ts';
import type { Seconds } from '../units.ts';
import { blasterDesign, graceNotesFor, launchInterval, travelSeconds } from './blasterDesign.ts';
import { blasterLevelRules, MAX_COMBO_MULTIPLIER, type BlasterLevel } from './blasterRules.ts';

export interface BlasterTarget {
  readonly id: number;
  readonly pitch: Pitch;
  /** A grace note to play just before `pitch` (levels 4–5), or null. */
  readonly grace: Pitch | null;
  readonly launchedAt: Seconds;
  /** Seconds from launch to the blaster line. */
  readonly travel: Seconds;
  /** 1 at launch (right edge) to 0 at the blaster line (left): updated by tick(). */
  x: number;
  /** Game time its grace note was heard, or null. */
  graceHeardAt: Seconds | null;
}

export type BlasterPhase = 'playing' | 'paused' | 'over';

export type BlasterEvent =
  | { readonly type: 'launch'; readonly target: BlasterTarget }
  | {
      readonly type: 'hit';
      readonly target: BlasterTarget;
      readonly points: number;
      readonly combo: number;
      readonly multiplier: number;
    }
  | { readonly type: 'grace'; readonly target: BlasterTarget }
  | { readonly type: 'wrong'; readonly pitch: Pitch }
  | { readonly type: 'miss'; readonly target: BlasterTarget; readonly lives: number }
  | { readonly type: 'over' };

export interface BlasterState {
  readonly level: BlasterLevel;
  phase: BlasterPhase;
  score: number;
  /** Hits in a row since the last miss or wrong note. */
  combo: number;
  bestCombo: number;
  multiplier: number;
  lives: number;
  hits: number;
  misses: number;
  launched: number;
  /** Seconds of play (pauses excluded). */
  gameSeconds: Seconds;
  /** Targets in flight, oldest (closest to the blaster line) first. */
  readonly targets: BlasterTarget[];
}

export interface BlasterGame {
  readonly state: Readonly<BlasterState>;
  /** Advances the game to `now` (any clock in seconds; only differences matter). */
  tick(now: Seconds): readonly BlasterEvent[];
  /** A note onset heard at `now`. */
  play(pitch: Pitch, now: Seconds): readonly BlasterEvent[];
  /** Stops the game clock (e.g. the window lost focus). */
  pause(): void;
  /** Restarts the clock from `now`: paused time does not count. */
  resume(now: Seconds): void;
}

export interface BlasterGameOptions {
  readonly level: BlasterLevel;
  /** The game session's seed: the same seed launches the same targets. */
  readonly seed: number;
  readonly lives?: number;
}

export const START_LIVES = 3;
/** Hits in a row that raise the multiplier by one step. */
export const COMBO_STEP = 8;
/** A grace note counts for a target when its melody note follows within this time. */
export const GRACE_WINDOW: Seconds = 0.6;
/** The first target launches after this much play: time to find the first note. */
export const FIRST_LAUNCH: Seconds = 1;
/**
 * Longest step one tick may take: a long gap (a stalled tab) must not fast-forward the game
 * into lost lives. The game clock may then run behind the wall clock, never ahead of it, so
 * the server's time-based ceiling still holds.
 */
export const MAX_STEP: Seconds = 0.25;

const NONE: readonly BlasterEvent[] = Object.freeze([]);

export function multiplierFor(combo: number): number {
  return Math.min(MAX_COMBO_MULTIPLIER, 1 + Math.floor(combo / COMBO_STEP));
}

export function createBlasterGame({
  level,
  seed,
  lives = START_LIVES,
}: BlasterGameOptions): BlasterGame {
  const design = blasterDesign[level];
  const points = blasterLevelRules[level].pointsPerNote;
  const random = seededRandom(seed);
  const state: BlasterState = {
    level,
    phase: 'playing',
    score: 0,
    combo: 0,
    bestCombo: 0,
    multiplier: 1,
    lives,
    hits: 0,
    misses: 0,
    launched: 0,
    gameSeconds: 0,
    targets: [],
  };
  let lastNow: Seconds | null = null;
  let nextLaunch = FIRST_LAUNCH;
  let nextId = 1;
  let previous: Pitch | null = null;

  function pick<T>(items: readonly T[]): T {
    return items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;
  }

  function launch(at: Seconds, events: BlasterEvent[]) {
    // Never the same note twice running: on a chanter a repeated note needs a gracenote
    // between, which the lower levels do not ask for.
    const choices = design.pitches.filter((p) => p !== previous);
    const pitch = pick(choices);
    previous = pitch;
    const graces = graceNotesFor(pitch);
    const grace = graces.length > 0 && random() < design.graceChance ? pick(graces) : null;
    const target: BlasterTarget = {
      id: nextId++,
      pitch,
      grace,
      launchedAt: at,
      travel: travelSeconds(level, at),
      x: 1,
      graceHeardAt: null,
    };
    state.targets.push(target);
    state.launched += 1;
    events.push({ type: 'launch', target });
  }

  function breakCombo() {
    state.combo = 0;
    state.multiplier = 1;
  }

  function advance(now: Seconds): BlasterEvent[] | null {
    if (state.phase !== 'playing') return null;
    const step = lastNow === null ? 0 : Math.min(MAX_STEP, Math.max(0, now - lastNow));
    lastNow = now;
    if (step === 0) return null;
    state.gameSeconds += step;
    const t = state.gameSeconds;
    let events: BlasterEvent[] | null = null;
    while (t >= nextLaunch) {
      events ??= [];
      launch(nextLaunch, events);
      nextLaunch += launchInterval(level, nextLaunch);
    }
    const targets = state.targets;
    let kept = 0;
    for (const target of targets) {
      target.x = 1 - (t - target.launchedAt) / target.travel;
      if (target.x > 0) {
        targets[kept++] = target;
        continue;
      }
      state.lives = Math.max(0, state.lives - 1);
      state.misses += 1;
      breakCombo();
      events ??= [];
      events.push({ type: 'miss', target, lives: state.lives });
    }
    targets.length = kept;
    if (state.lives === 0) {
      state.phase = 'over';
      events ??= [];
      events.push({ type: 'over' });
    }
    return events;
  }

  return {
    state,
    tick(now) {
      return advance(now) ?? NONE;
    },
    play(pitch, now) {
      const events = advance(now) ?? [];
      if (state.phase !== 'playing') return events.length ? events : NONE;
      const t = state.gameSeconds;
      const targets = state.targets;
      for (let i = 0; i < targets.length; i++) {
        const target = targets[i]!;
        const graceReady =
          target.grace === null ||
          (target.graceHeardAt !== null && t - target.graceHeardAt <= GRACE_WINDOW);
        if (target.pitch === pitch && graceReady) {
          targets.splice(i, 1);
          const multiplier = state.multiplier;
          const gained = points * multiplier;
          state.score += gained;
          state.hits += 1;
          state.combo += 1;
          state.bestCombo = Math.max(state.bestCombo, state.combo);
          state.multiplier = multiplierFor(state.combo);
          events.push({ type: 'hit', target, points: gained, combo: state.combo, multiplier });
          return events;
        }
        if (target.grace === pitch) {
          target.graceHeardAt = t;
          events.push({ type: 'grace', target });
          return events;
        }
      }
      breakCombo();
      events.push({ type: 'wrong', pitch });
      return events;
    },
    pause() {
      if (state.phase !== 'playing') return;
      state.phase = 'paused';
      lastNow = null;
    },
    resume(now) {
      if (state.phase !== 'paused') return;
      state.phase = 'playing';
      lastNow = now;
    },
  };
}
