/**
 * Runs one Blaster game in the browser: the pure game (src/music/game/blasterGame.ts) stepped
 * on requestAnimationFrame, drawn on a canvas (drawBlaster.ts), with sound effects. React
 * reads the heads-up display through subscribe/getSnapshot (DESIGN habit 5), which changes
 * only when the score, lives, combo, phase or next target change — never per frame.
 * Shots come straight from the note event controller (issue 14 item 1): every note-on is one
 * shot, engine to engine, so a grace note a few milliseconds long is never lost to a render.
 */
import type { BlasterSound } from '../../../audio/blasterSounds.ts';
import type { NoteEvents } from '../../../audio/noteEvents/noteEvent.ts';
import {
  createBlasterGame,
  type BlasterEvent,
  type BlasterGame,
  type BlasterPhase,
} from '../../../music/game/blasterGame.ts';
import type { BlasterLevel } from '../../../music/game/blasterRules.ts';
import type { Pitch } from '../../../music/notes.ts';
import { createBlasterPainter, type BlasterPainter } from './drawBlaster.ts';

export interface BlasterHud {
  readonly phase: BlasterPhase;
  readonly level: BlasterLevel;
  readonly score: number;
  readonly lives: number;
  readonly combo: number;
  readonly bestCombo: number;
  readonly multiplier: number;
  readonly hits: number;
  readonly misses: number;
  readonly gameSeconds: number;
  /** The target nearest the blaster line: what to play next. */
  readonly next: {
    readonly id: number;
    readonly pitch: Pitch;
    readonly grace: Pitch | null;
  } | null;
}

export interface BlasterRunnerOptions {
  readonly level: BlasterLevel;
  readonly seed: number;
  readonly canvas: HTMLCanvasElement;
  readonly reducedMotion: boolean;
  readonly sound: (sound: BlasterSound) => void;
  /** The chanter's note events: each note-on is one shot (same note held: one shot). */
  readonly notes?: NoteEvents;
  /** The frame scheduler and clock (window's by default): parameters so nothing is global. */
  readonly frames?: {
    request(callback: (time: number) => void): number;
    cancel(handle: number): void;
    now(): number;
  };
}

export interface BlasterRunner {
  getSnapshot(): BlasterHud;
  subscribe(listener: () => void): () => void;
  /** A note onset from the chanter (what each note-on of `notes` does). */
  play(pitch: Pitch): void;
  pause(): void;
  resume(): void;
  /** Redraws after the canvas changed size. */
  resize(): void;
  dispose(): void;
}

function hudOf(game: BlasterGame): BlasterHud {
  const s = game.state;
  const next = s.targets[0];
  return {
    phase: s.phase,
    level: s.level,
    score: s.score,
    lives: s.lives,
    combo: s.combo,
    bestCombo: s.bestCombo,
    multiplier: s.multiplier,
    hits: s.hits,
    misses: s.misses,
    gameSeconds: s.gameSeconds,
    next: next ? { id: next.id, pitch: next.pitch, grace: next.grace } : null,
  };
}

function sameHud(a: BlasterHud, b: BlasterHud): boolean {
  return (
    a.phase === b.phase &&
    a.score === b.score &&
    a.lives === b.lives &&
    a.combo === b.combo &&
    a.multiplier === b.multiplier &&
    a.next?.id === b.next?.id
  );
}

export function createBlasterRunner(options: BlasterRunnerOptions): BlasterRunner {
  const frames = options.frames ?? {
    request: (cb: (time: number) => void) => window.requestAnimationFrame(cb),
    cancel: (h: number) => window.cancelAnimationFrame(h),
    now: () => performance.now(),
  };
  const game = createBlasterGame({ level: options.level, seed: options.seed });
  const painter: BlasterPainter = createBlasterPainter(options.canvas, {
    level: options.level,
    reducedMotion: options.reducedMotion,
  });
  const listeners = new Set<() => void>();
  let hud = hudOf(game);
  let handle: number | null = null;

  function publish() {
    const next = hudOf(game);
    if (sameHud(next, hud)) return;
    hud = next;
    listeners.forEach((l) => l());
  }

  function handle_(events: readonly BlasterEvent[], now: number) {
    if (events.length === 0) return;
    for (const event of events) {
      painter.event(event, now);
      switch (event.type) {
        case 'hit':
          options.sound(game.state.multiplier > event.multiplier ? 'levelUp' : 'hit');
          break;
        case 'grace':
          options.sound('grace');
          break;
        case 'miss':
          options.sound('miss');
          break;
        case 'over':
          options.sound('over');
          break;
        default:
          break;
      }
    }
    publish();
  }

  function frame(time: number) {
    handle = null;
    const now = time / 1000;
    handle_(game.tick(now), now);
    painter.draw(game.state, now);
    // After game over the painter still finishes its last blasts, then the loop rests.
    if (game.state.phase === 'playing' || painter.busy(now)) handle = frames.request(frame);
  }

  function loop() {
    if (handle === null) handle = frames.request(frame);
  }

  game.tick(frames.now() / 1000);
  loop();

  function play(pitch: Pitch) {
    // Game time, not the event's onset: the game runs on the frame clock, and a shot counts
    // where the target is when it is heard.
    const now = frames.now() / 1000;
    handle_(game.play(pitch, now), now);
  }
  const unsubscribe =
    options.notes?.subscribe((message) => {
      if (message.type === 'noteOn') play(message.event.note);
    }) ?? (() => {});

  return {
    getSnapshot: () => hud,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    play,
    pause() {
      if (game.state.phase !== 'playing') return;
      game.pause();
      publish();
      painter.draw(game.state, frames.now() / 1000);
    },
    resume() {
      if (game.state.phase !== 'paused') return;
      game.resume(frames.now() / 1000);
      publish();
      loop();
    },
    resize() {
      painter.resize();
      painter.draw(game.state, frames.now() / 1000);
    },
    dispose() {
      unsubscribe();
      if (handle !== null) frames.cancel(handle);
      handle = null;
      listeners.clear();
    },
  };
}
