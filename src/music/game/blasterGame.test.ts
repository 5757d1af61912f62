import { describe, expect, it } from 'vitest';
import type { Pitch } from '../notes.ts';
import {
  blasterDesign,
  graceNotesFor,
  launchInterval,
  minLaunchInterval,
  travelSeconds,
} from './blasterDesign.ts';
import {
  COMBO_STEP,
  createBlasterGame,
  FIRST_LAUNCH,
  GRACE_WINDOW,
  MAX_STEP,
  multiplierFor,
  START_LIVES,
  type BlasterEvent,
  type BlasterGame,
} from './blasterGame.ts';
import { BLASTER_LEVELS, maxScoreFor, type BlasterLevel } from './blasterRules.ts';

/** A fake clock: advances the game in 1/60 s frames, like requestAnimationFrame. */
function clock(game: BlasterGame, start = 100) {
  let now = start;
  game.tick(now);
  return {
    get now() {
      return now;
    },
    run(seconds: number): BlasterEvent[] {
      const events: BlasterEvent[] = [];
      const frames = Math.round(seconds * 60);
      for (let i = 0; i < frames; i++) {
        now += 1 / 60;
        events.push(...game.tick(now));
      }
      return events;
    },
    play(pitch: Pitch) {
      return game.play(pitch, now);
    },
  };
}

const types = (events: readonly BlasterEvent[]) => events.map((e) => e.type);

describe('Blaster game (issue 7 part 4)', () => {
  it('the same seed launches the same targets; another seed others', () => {
    const sequence = (seed: number) => {
      const game = createBlasterGame({ level: 5, seed, lives: 1000 });
      const c = clock(game);
      return c
        .run(20)
        .filter((e) => e.type === 'launch')
        .map((e) => (e.type === 'launch' ? `${e.target.grace ?? ''}${e.target.pitch}` : ''));
    };
    expect(sequence(42)).toEqual(sequence(42));
    expect(sequence(42)).not.toEqual(sequence(43));
    expect(sequence(42).length).toBeGreaterThan(10);
  });

  it('each level draws from its own notes and never repeats a note twice running', () => {
    for (const level of BLASTER_LEVELS) {
      const game = createBlasterGame({ level, seed: 7, lives: 1000 });
      const launched = clock(game)
        .run(60)
        .flatMap((e) => (e.type === 'launch' ? [e.target] : []));
      const allowed = new Set(blasterDesign[level].pitches);
      for (const [i, t] of launched.entries()) {
        expect(allowed.has(t.pitch)).toBe(true);
        if (i > 0) expect(t.pitch).not.toBe(launched[i - 1]!.pitch);
        if (t.grace) expect(graceNotesFor(t.pitch)).toContain(t.grace);
      }
      const graced = launched.filter((t) => t.grace).length;
      if (level < 4) expect(graced).toBe(0);
      else expect(graced).toBeGreaterThan(0);
    }
  });

  it('levels get faster and launch no faster than the rules allow', () => {
    for (const level of BLASTER_LEVELS) {
      expect(launchInterval(level, 0)).toBeGreaterThan(minLaunchInterval(level));
      expect(launchInterval(level, 1000)).toBeCloseTo(minLaunchInterval(level));
      expect(travelSeconds(level, 1000)).toBeLessThan(travelSeconds(level, 0));
      if (level > 1) {
        const lower = (level - 1) as BlasterLevel;
        expect(travelSeconds(level, 0)).toBeLessThan(travelSeconds(lower, 0));
        expect(launchInterval(level, 0)).toBeLessThan(launchInterval(lower, 0));
      }
    }
  });

  it('a target flies from the right edge to the blaster line; missing it costs a life', () => {
    const game = createBlasterGame({ level: 1, seed: 1 });
    const c = clock(game);
    expect(c.run(FIRST_LAUNCH - 0.05)).toEqual([]);
    const launch = c.run(0.1);
    expect(types(launch)).toEqual(['launch']);
    const target = game.state.targets[0]!;
    expect(target.x).toBeGreaterThan(0.95);
    c.run(target.travel / 2);
    expect(target.x).toBeGreaterThan(0.4);
    expect(target.x).toBeLessThan(0.6);
    const later = c.run(target.travel / 2 + 0.1);
    const miss = later.find((e) => e.type === 'miss');
    expect(miss).toMatchObject({ type: 'miss', target: { id: target.id }, lives: START_LIVES - 1 });
    expect(game.state.targets.map((t) => t.id)).not.toContain(target.id);
    expect(game.state.misses).toBe(1);
  });

  it('playing the note blasts the oldest target of that note and scores with the combo', () => {
    const game = createBlasterGame({ level: 2, seed: 3 });
    const c = clock(game);
    c.run(FIRST_LAUNCH + 0.05);
    const first = game.state.targets[0]!;
    const events = c.play(first.pitch);
    expect(events).toEqual([{ type: 'hit', target: first, points: 20, combo: 1, multiplier: 1 }]);
    expect(game.state.score).toBe(20);
    expect(game.state.targets).toHaveLength(0);
  });

  it('a wrong note breaks the combo but costs no life', () => {
    const game = createBlasterGame({ level: 1, seed: 3 });
    const c = clock(game);
    c.run(FIRST_LAUNCH + 0.05);
    c.play(game.state.targets[0]!.pitch);
    expect(game.state.combo).toBe(1);
    expect(types(c.play('HA'))).toEqual(['wrong']);
    expect(game.state.combo).toBe(0);
    expect(game.state.lives).toBe(START_LIVES);
  });

  it('the multiplier rises every COMBO_STEP hits up to the rules’ cap of 4', () => {
    expect(multiplierFor(0)).toBe(1);
    expect(multiplierFor(COMBO_STEP - 1)).toBe(1);
    expect(multiplierFor(COMBO_STEP)).toBe(2);
    expect(multiplierFor(COMBO_STEP * 3)).toBe(4);
    expect(multiplierFor(1000)).toBe(4);
  });

  it('a grace-note target needs its grace note just before the melody note', () => {
    // Find a level-5 seed whose first target carries a grace note.
    let seed = 1;
    let game: BlasterGame;
    let c: ReturnType<typeof clock>;
    for (;;) {
      game = createBlasterGame({ level: 5, seed });
      c = clock(game);
      c.run(FIRST_LAUNCH + 0.02);
      if (game.state.targets[0]?.grace) break;
      seed++;
    }
    const target = game.state.targets[0]!;
    // The melody note alone does not blast it (and is a wrong note).
    expect(types(c.play(target.pitch))).toEqual(['wrong']);
    expect(types(c.play(target.grace!))).toEqual(['grace']);
    // Too slow: the grace note no longer counts.
    c.run(GRACE_WINDOW + 0.1);
    expect(types(c.play(target.pitch))).toEqual(['wrong']);
    c.play(target.grace!);
    c.run(0.1);
    const hit = c.play(target.pitch);
    expect(hit).toMatchObject([{ type: 'hit', target: { id: target.id }, points: 50 }]);
  });

  it('R-9.CONST-19 a perfect game never beats the server’s ceiling for its time', () => {
    for (const level of BLASTER_LEVELS) {
      const game = createBlasterGame({ level, seed: 11 });
      const c = clock(game);
      for (let second = 0; second < 180; second++) {
        for (let frame = 0; frame < 60; frame++) {
          c.run(1 / 60);
          // Blast everything the moment it appears: the best any player can do.
          for (const target of [...game.state.targets]) {
            if (target.grace) c.play(target.grace);
            c.play(target.pitch);
          }
        }
        expect(game.state.score).toBeLessThanOrEqual(maxScoreFor(level, game.state.gameSeconds));
      }
      expect(game.state.lives).toBe(START_LIVES);
      expect(game.state.multiplier).toBe(4);
    }
  });

  it('runs out of lives when nothing is played: game over, and the clock stops', () => {
    const game = createBlasterGame({ level: 1, seed: 5 });
    const c = clock(game);
    const events = c.run(30);
    expect(types(events).filter((t) => t === 'miss')).toHaveLength(START_LIVES);
    expect(types(events).at(-1)).toBe('over');
    expect(game.state.phase).toBe('over');
    const at = game.state.gameSeconds;
    expect(c.run(5)).toEqual([]);
    expect(game.state.gameSeconds).toBe(at);
    expect(c.play('D')).toEqual([]);
  });

  it('pausing stops the game clock; resuming does not count the paused time', () => {
    const game = createBlasterGame({ level: 3, seed: 9 });
    const c = clock(game);
    c.run(2);
    game.pause();
    expect(game.state.phase).toBe('paused');
    const xs = game.state.targets.map((t) => t.x);
    c.run(10);
    expect(game.state.targets.map((t) => t.x)).toEqual(xs);
    expect(game.state.gameSeconds).toBeCloseTo(2, 5);
    game.resume(c.now);
    c.run(1);
    expect(game.state.gameSeconds).toBeCloseTo(3, 5);
  });

  it('a long stall advances the game by at most MAX_STEP', () => {
    const game = createBlasterGame({ level: 1, seed: 2 });
    game.tick(0);
    game.tick(60);
    expect(game.state.gameSeconds).toBe(MAX_STEP);
    expect(game.state.lives).toBe(START_LIVES);
  });
});
