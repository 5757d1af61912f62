import { useEffect, useRef, useState } from 'react';
import { staffStep, steppedPosition, stripNoteAt, visibleNotes } from '../../../music/noteStrip.ts';
import { noteOf, pitches, type Pitch } from '../../../music/notes.ts';
import type { Seconds } from '../../../music/units.ts';
import {
  browserNoteAnimation,
  useNoteAnimation,
  type CreateNoteAnimation,
} from './useNoteAnimation.ts';
import { useElementWidth } from '../notation/useElementWidth.ts';
import { useReducedMotion } from '../../lib/useReducedMotion.ts';
import './noteStrip.css';

export interface NoteStripProps {
  readonly sequence: readonly Pitch[];
  /** Seconds between notes reaching the marker. */
  readonly interval?: Seconds;
  /** The chanter's nine frequencies, Low G first (default: the standard chanter). */
  readonly frequencies?: readonly number[];
  /** Names the strip for assistive technology. */
  readonly label: string;
  readonly createAnimation?: CreateNoteAnimation;
}

/** Drawing units: the SVG scales to its box. */
/** Drawing units per CSS pixel is 1 from MIN_WIDTH up, so notes keep their size on any screen. */
const MIN_WIDTH = 480;
const MAX_WIDTH = 1200;
const DEFAULT_WIDTH = 640;
const HEIGHT = 130;
const SPACING = 64;
const MARKER_X = 128;
const LINE_GAP = 12;
const BOTTOM_LINE_Y = 92;
const BEHIND = MARKER_X / SPACING + 1;

const stepY = (step: number) => BOTTOM_LINE_Y - (step * LINE_GAP) / 2;

function NoteGlyph({ pitch, x, current }: { pitch: Pitch; x: number; current: boolean }) {
  const step = staffStep(pitch);
  const y = stepY(step);
  // Stems down from B (the middle line) up, as engraved.
  const down = step >= 4;
  return (
    <g className={`note-strip__note${current ? ' is-current' : ''}`} data-pitch={pitch}>
      {step >= 10 && (
        <line
          className="note-strip__ledger"
          x1={x - 11}
          x2={x + 11}
          y1={stepY(10)}
          y2={stepY(10)}
        />
      )}
      <ellipse cx={x} cy={y} rx={7.5} ry={5.4} transform={`rotate(-20 ${x} ${y})`} />
      <line
        className="note-strip__stem"
        x1={down ? x - 7 : x + 7}
        x2={down ? x - 7 : x + 7}
        y1={y}
        y2={down ? y + 34 : y - 34}
      />
    </g>
  );
}

/**
 * Notes travelling across a staff past a marker, each sounding as it reaches it (spec §2.3
 * Home strip, /animated-notes). Motion runs on requestAnimationFrame and reads the position
 * from the audio clock (src/audio/noteAnimation.ts), so picture and sound agree. With
 * prefers-reduced-motion the notes do not glide: the strip steps one note at a time.
 */
export function NoteStrip({
  sequence,
  interval = 0.6,
  frequencies = pitches.map((p) => noteOf(p).frequency),
  label,
  createAnimation = browserNoteAnimation,
}: NoteStripProps) {
  const freqRef = useRef({ sequence, frequencies });
  useEffect(() => {
    freqRef.current = { sequence, frequencies };
  }, [sequence, frequencies]);
  const { animation, playing } = useNoteAnimation(
    createAnimation,
    (k) => {
      const { sequence: seq, frequencies: fs } = freqRef.current;
      return fs[pitches.indexOf(stripNoteAt(seq, k))] ?? 480;
    },
    interval,
  );
  const [whole, setWhole] = useState(() => Math.floor(animation.position()));
  const reduced = useReducedMotion();
  const track = useRef<SVGGElement>(null);
  const [box, boxWidth] = useElementWidth<HTMLDivElement>();
  const width = boxWidth ? Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, boxWidth)) : DEFAULT_WIDTH;

  // Each frame: move the notes by the audio clock's position; re-render only when a note
  // reaches the marker (the set of notes on screen and the highlighted one change then).
  useEffect(() => {
    const place = () => {
      const p = animation.position();
      const shown = reduced ? steppedPosition(p) : p;
      track.current?.setAttribute('transform', `translate(${-shown * SPACING} 0)`);
      setWhole(Math.floor(p));
    };
    place();
    if (!playing) return;
    let frame = requestAnimationFrame(function loop() {
      place();
      frame = requestAnimationFrame(loop);
    });
    return () => cancelAnimationFrame(frame);
  }, [animation, playing, reduced]);

  const notes = visibleNotes(sequence, whole, BEHIND, (width - MARKER_X) / SPACING + 2);
  const passed = whole >= 0 && (playing || whole > 0) ? whole : -1;

  return (
    <div className="note-strip" data-reduced-motion={reduced} ref={box}>
      <svg
        className="note-strip__svg"
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={label}
        data-position={whole}
      >
        {[0, 2, 4, 6, 8].map((s) => (
          <line
            key={s}
            className="note-strip__line"
            x1={0}
            x2={width}
            y1={stepY(s)}
            y2={stepY(s)}
          />
        ))}
        <g ref={track}>
          {notes.map((n) => (
            <NoteGlyph
              key={n.k}
              pitch={n.pitch}
              x={MARKER_X + n.k * SPACING}
              current={n.k === passed}
            />
          ))}
        </g>
        <line className="note-strip__marker" x1={MARKER_X} x2={MARKER_X} y1={10} y2={HEIGHT - 6} />
      </svg>
      <div className="note-strip__bar">
        <button
          type="button"
          className="button"
          onClick={() => (playing ? animation.pause() : animation.play())}
        >
          {playing ? 'Pause Animation' : 'Play Animation'}
        </button>
        <p className="note-strip__now" aria-live="polite" data-testid="note-strip-now">
          {passed >= 0 ? noteOf(stripNoteAt(sequence, passed)).name : ' '}
        </p>
      </div>
    </div>
  );
}
