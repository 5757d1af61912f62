import { useEffect, useRef } from 'react';
import { useReducedMotion } from '../../lib/useReducedMotion.ts';

/** 20 ms at 48 kHz: about ten cycles of a chanter's Low A, enough to see the wave's shape. */
const SHOWN_SAMPLES = 960;
/** RMS to a 0–1 meter: a chanter at a sensible distance reads around half way. */
const LEVEL_SCALE = 5;

/**
 * The live input of the microphone test (R-2.3.MICHELP-08): a waveform drawn once per
 * animation frame, or, for readers who prefer reduced motion, a level meter only. Samples
 * come from the hook's `read`; this component never touches audio nodes (DESIGN habit 1).
 */
export function InputWaveform({
  running,
  read,
  level,
}: {
  running: boolean;
  read: () => Float32Array | null;
  level: () => number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const meter = useRef<HTMLMeterElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const reduced = useReducedMotion();

  useEffect(() => {
    if (!running) {
      if (meter.current) meter.current.value = 0;
      box.current?.setAttribute('data-level', '0');
      const c = canvas.current;
      c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
      return;
    }
    let frame = 0;
    const draw = () => {
      frame = requestAnimationFrame(draw);
      const shown = Math.min(1, level() * LEVEL_SCALE);
      if (meter.current) meter.current.value = shown;
      box.current?.setAttribute('data-level', shown.toFixed(3));
      const c = canvas.current;
      const samples = c && !reduced ? read() : null;
      const g = c?.getContext('2d');
      if (!c || !g || !samples) return;
      const ratio = window.devicePixelRatio || 1;
      const width = Math.max(1, Math.round(c.clientWidth * ratio));
      const height = Math.max(1, Math.round(c.clientHeight * ratio));
      if (c.width !== width) c.width = width;
      if (c.height !== height) c.height = height;
      const style = getComputedStyle(c);
      g.clearRect(0, 0, width, height);
      g.strokeStyle = style.getPropertyValue('--c-border') || '#d5d0c4';
      g.lineWidth = ratio;
      g.beginPath();
      g.moveTo(0, height / 2);
      g.lineTo(width, height / 2);
      g.stroke();
      g.strokeStyle = style.color || '#14325c';
      g.lineWidth = 2 * ratio;
      g.beginPath();
      const from = samples.length - SHOWN_SAMPLES;
      for (let x = 0; x < width; x++) {
        const v = samples[from + Math.floor((x / width) * SHOWN_SAMPLES)] ?? 0;
        const y = height / 2 - Math.max(-1, Math.min(1, v)) * (height / 2 - ratio);
        if (x === 0) g.moveTo(x, y);
        else g.lineTo(x, y);
      }
      g.stroke();
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [running, read, level, reduced]);

  return (
    <div className="mic-wave" ref={box} data-level="0" data-testid="mic-input">
      {!reduced && (
        <canvas
          ref={canvas}
          className="mic-wave-canvas"
          role="img"
          aria-label={running ? 'Live microphone waveform' : 'Microphone waveform (test stopped)'}
        />
      )}
      <div className="mic-wave-level">
        <label htmlFor="mic-level">Input level</label>
        <meter
          id="mic-level"
          ref={meter}
          min={0}
          max={1}
          low={0.05}
          high={0.9}
          optimum={0.5}
          value={0}
        />
      </div>
      {!running && <p className="mic-wave-idle">Start the test, then play a note.</p>}
    </div>
  );
}
