/**
 * The field of play: the canvas, the heads-up display and pause on blur (issue 7 part 4). The
 * chanter reaches the game without React: the runner subscribes to the note events
 * (useNoteInput's `noteEvents`, issue 14 item 1) and every note-on is one shot.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { BlasterSound } from '../../../audio/blasterSounds.ts';
import type { NoteEvents } from '../../../audio/noteEvents/noteEvent.ts';
import type { BlasterLevel } from '../../../music/game/blasterRules.ts';
import { noteOf } from '../../../music/notes.ts';
import { createBlasterRunner, type BlasterHud, type BlasterRunner } from './blasterRunner.ts';
import { START_LIVES } from '../../../music/game/blasterGame.ts';
import { blasterDesign } from '../../../music/game/blasterDesign.ts';

export interface BlasterPlayfieldProps {
  readonly level: BlasterLevel;
  readonly seed: number;
  /** The chanter's note events (the same object for the game's life). */
  readonly notes: NoteEvents;
  readonly keyboard: boolean;
  readonly sound: (sound: BlasterSound) => void;
  readonly onOver: (hud: BlasterHud) => void;
}

const idleHud = (level: BlasterLevel): BlasterHud => ({
  phase: 'playing',
  level,
  score: 0,
  lives: START_LIVES,
  combo: 0,
  bestCombo: 0,
  multiplier: 1,
  hits: 0,
  misses: 0,
  gameSeconds: 0,
  next: null,
});

const noRunner = {
  subscribe: () => () => {},
  getSnapshot: () => null,
};

function announce(next: BlasterHud['next']): string {
  if (!next) return 'Waiting for the next note';
  const name = noteOf(next.pitch).name;
  return next.grace ? `Next: ${noteOf(next.grace).name} grace note, then ${name}` : `Next: ${name}`;
}

export function BlasterPlayfield(props: BlasterPlayfieldProps) {
  const { level, seed, notes, keyboard, sound, onOver } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [runner, setRunner] = useState<BlasterRunner | null>(null);
  const source = runner ?? noRunner;
  const hud =
    useSyncExternalStore(source.subscribe, source.getSnapshot, () => null) ?? idleHud(level);
  const onOverRef = useRef(onOver);
  const soundRef = useRef(sound);
  useEffect(() => {
    onOverRef.current = onOver;
    soundRef.current = sound;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const created = createBlasterRunner({
      level,
      seed,
      canvas,
      reducedMotion,
      sound: (effect) => soundRef.current(effect),
      notes,
    });
    setRunner(created);
    const observer = new ResizeObserver(() => created.resize());
    observer.observe(canvas);
    // Pause on blur (issue 7 part 4): a hidden tab or a click elsewhere must not cost lives.
    const pause = () => created.pause();
    const hidden = () => {
      if (document.visibilityState === 'hidden') created.pause();
    };
    window.addEventListener('blur', pause);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      observer.disconnect();
      window.removeEventListener('blur', pause);
      document.removeEventListener('visibilitychange', hidden);
      created.dispose();
    };
  }, [level, seed, notes]);

  useEffect(() => {
    if (!runner) return;
    const onKey = (event: KeyboardEvent) => {
      // Escape and P are not chanter keys (spec §2.4 'Keyboard Chanter').
      if (event.key !== 'Escape' && event.key !== 'p') return;
      const phase = runner.getSnapshot().phase;
      if (phase === 'playing') runner.pause();
      else if (phase === 'paused') runner.resume();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [runner]);

  useEffect(() => {
    if (hud.phase === 'over') onOverRef.current(hud);
  }, [hud]);

  const paused = hud.phase === 'paused';
  return (
    <div className="blaster-play" data-phase={hud.phase}>
      <div className="blaster-hud" role="group" aria-label="Game status">
        <span className="blaster-stat">
          <span className="blaster-stat-label">Score</span>
          <span className="blaster-stat-value" data-testid="blaster-score">
            {hud.score.toLocaleString('en-US')}
          </span>
        </span>
        <span className="blaster-stat">
          <span className="blaster-stat-label">Level</span>
          <span className="blaster-stat-value">{level}</span>
        </span>
        <span className="blaster-stat">
          <span className="blaster-stat-label">Combo</span>
          <span className="blaster-stat-value" data-testid="blaster-combo">
            {hud.combo}{' '}
            {/* Keyed so a new multiplier re-mounts and plays its pop (CSS; none with reduced motion). */}
            <small key={hud.multiplier} className={hud.multiplier > 1 ? 'blaster-pop' : undefined}>
              ×{hud.multiplier}
            </small>
          </span>
        </span>
        <span className="blaster-stat">
          <span className="blaster-stat-label">Lives</span>
          <span className="blaster-lives" data-testid="blaster-lives">
            <span className="blaster-visually-hidden">
              {hud.lives} of {START_LIVES}
            </span>
            {Array.from({ length: START_LIVES }, (_, i) => (
              <span
                key={i}
                aria-hidden="true"
                className={i < hud.lives ? 'blaster-life' : 'blaster-life lost'}
              >
                ♥
              </span>
            ))}
          </span>
        </span>
        <button
          type="button"
          className="button secondary blaster-pause"
          onClick={() => (paused ? runner?.resume() : runner?.pause())}
        >
          {paused ? 'Resume' : 'Pause'}
        </button>
      </div>
      <div className="blaster-stage">
        <canvas
          ref={canvasRef}
          className="blaster-canvas"
          role="img"
          aria-label="Blaster: notes fly in from the right on a treble staff; play each note before it reaches the line on the left."
        />
        {paused && (
          <div className="blaster-overlay">
            <p className="blaster-overlay-title">Paused</p>
            <button type="button" className="button" onClick={() => runner?.resume()}>
              Resume
            </button>
          </div>
        )}
      </div>
      <p
        className={blasterDesign[level].showNames ? 'blaster-next' : 'blaster-visually-hidden'}
        aria-live="polite"
        data-testid="blaster-next"
        data-pitch={hud.next?.pitch ?? ''}
        data-grace={hud.next?.grace ?? ''}
      >
        {announce(hud.next)}
      </p>
      {keyboard && (
        <p className="blaster-keys">
          Keys <kbd>g</kbd> <kbd>a</kbd> <kbd>b</kbd> <kbd>c</kbd> <kbd>d</kbd> <kbd>e</kbd>{' '}
          <kbd>f</kbd> play Low G to F; <kbd>Shift</kbd>+<kbd>G</kbd> and <kbd>Shift</kbd>+
          <kbd>A</kbd> play High G and High A. <kbd>Esc</kbd> pauses.
        </p>
      )}
    </div>
  );
}
