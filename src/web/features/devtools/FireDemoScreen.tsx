import { useEffect, useRef, useState } from 'react';
import { createFireEngine, type FireEngine } from './fireEngine.ts';
import { DeveloperNote } from './DeveloperNote.tsx';
import './devPages.css';

const WIDTH = 640;
const HEIGHT = 360;

/** Users who ask the system for less motion get a still frame and no autostart (WCAG 2.3.3). */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/** The flame effect used by the games, on its own (spec §2.1 /fire-demo). */
export default function FireDemoScreen() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const engineRef = useRef<FireEngine | null>(null);
  const [running, setRunning] = useState(false);
  const [unsupported, setUnsupported] = useState(false);

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) {
      setUnsupported(true);
      return;
    }
    const engine = createFireEngine({
      ctx,
      width: WIDTH,
      height: HEIGHT,
      now: () => performance.now(),
      random: Math.random,
    });
    engineRef.current = engine;
    if (prefersReducedMotion()) {
      engine.drawStill();
    } else {
      engine.start();
      setRunning(true);
    }
    return () => {
      engine.dispose();
      engineRef.current = null;
    };
  }, []);

  function toggle() {
    const engine = engineRef.current;
    if (!engine) return;
    if (engine.running) engine.stop();
    else engine.start();
    setRunning(engine.running);
  }

  return (
    <section className="page fire-demo">
      <h1>Fire Demo</h1>
      <DeveloperNote>It shows the flame a game draws when a note is blasted.</DeveloperNote>
      <div className="fire-stage">
        <canvas
          ref={canvasRef}
          className="fire-canvas"
          width={WIDTH}
          height={HEIGHT}
          role="img"
          aria-label="Animated flame of glowing particles rising from the bottom of the frame"
        />
        {unsupported ? (
          <p className="status-error">
            This browser cannot draw on a canvas, so the flame cannot be shown.
          </p>
        ) : (
          <div className="dev-row">
            <button type="button" className="button" onClick={toggle}>
              {running ? 'Stop' : 'Start'}
            </button>
            {prefersReducedMotion() && !running ? (
              <p className="dev-hint">
                Your system asks for reduced motion, so the flame waits for Start.
              </p>
            ) : null}
          </div>
        )}
      </div>
    </section>
  );
}
