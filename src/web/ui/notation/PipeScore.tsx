import { applyNoteMarks, type NoteMarkStyle } from './applyNoteMarks.ts';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Tune } from '../../../music/tune/tune.ts';
import { tuneName } from '../../../music/tune/tuneNames.ts';
import { MusicNotation, type DrawNotation } from './MusicNotation.tsx';
import { drawScoreInSlices } from './drawScore.ts';
import { layoutTune } from './scoreLayout.ts';
import { scoreLabel } from './scoreLabel.ts';

export interface PipeScoreProps {
  readonly tune: Tune;
  /** The tune's place in its file, for a tune the file gives no name (issue 22 item 9). */
  readonly tuneIndex?: number;
  /** The playback cursor: an index into `notesOf(tune)`, highlighted and kept in view. */
  readonly activeNoteIndex?: number | null;
  readonly label?: string;
  /** Verdict marks by index into `notesOf(tune)` (Play Along, issue 14 item 4). */
  readonly noteMarks?: ReadonlyMap<number, NoteMarkStyle>;
}

const NO_MARKS: ReadonlyMap<number, NoteMarkStyle> = new Map();

const ACTIVE = 'is-active';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * A tune as pipe music (issue 6 item 5), with its title, type and composer as text above it
 * and footers below. The score is redrawn when the width changes (rows reflow on narrow
 * screens); the cursor only moves a CSS class, so playback never redraws the score.
 */
export function PipeScore({
  tune,
  tuneIndex = 0,
  activeNoteIndex = null,
  label,
  noteMarks = NO_MARKS,
}: PipeScoreProps) {
  const lines = useMemo(() => layoutTune(tune), [tune]);
  const elements = useRef<ReadonlyMap<number, SVGElement>>(new Map());
  const active = useRef<number | null>(null);
  const marks = useRef(noteMarks);
  marks.current = noteMarks;

  // In slices with the browser between them: a whole tune in one go was a long task of
  // /sheet-music's and /play-along's first load (issue 21 item 3).
  const draw = useCallback<DrawNotation>(
    async (vf, host, width, signal) => {
      const drawn = await drawScoreInSlices(vf, host, width, lines, { signal });
      if (!drawn) return null;
      elements.current = drawn.value.noteElements;
      if (active.current !== null) elements.current.get(active.current)?.classList.add(ACTIVE);
      applyNoteMarks(elements.current, marks.current);
      return drawn.busyMs;
    },
    [lines],
  );

  useEffect(() => {
    const previous = active.current;
    if (previous !== null) elements.current.get(previous)?.classList.remove(ACTIVE);
    active.current = activeNoteIndex;
    if (activeNoteIndex === null) return;
    const element = elements.current.get(activeNoteIndex);
    if (!element) return;
    element.classList.add(ACTIVE);
    element.scrollIntoView?.({
      block: 'nearest',
      inline: 'nearest',
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  }, [activeNoteIndex]);

  useEffect(() => applyNoteMarks(elements.current, noteMarks), [noteMarks]);

  // As the tune picker names it: a band's type-for-title mix-up is put right (issue 22 item 9).
  const { title, type, composer } = tuneName(tune, tuneIndex);
  const footers = tune.texts.filter((t) => t.role === 'footer' && t.text.trim());
  return (
    <figure className="pipe-score">
      {(title || type || composer) && (
        <figcaption className="pipe-score-header">
          {title && <span className="pipe-score-title">{title}</span>}
          {type && <span className="pipe-score-type">{type}</span>}
          {composer && <span className="pipe-score-composer">{composer}</span>}
        </figcaption>
      )}
      <MusicNotation
        label={label ?? scoreLabel(tune, tuneIndex)}
        draw={draw}
        className="pipe-score-music"
      />
      {footers.length > 0 && (
        <footer className="pipe-score-footer">
          {footers.map((f, i) => (
            <span key={i}>{f.text.trim()}</span>
          ))}
        </footer>
      )}
    </figure>
  );
}
