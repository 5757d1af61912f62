import { useCallback, useEffect, useRef, useState } from 'react';
import { loadVexFlow, NotationLoadError, type VexFlowApi } from '../../lib/vexflow.ts';
import { reportError } from '../../lib/monitoring.ts';
import { createTurnQueue } from '../../lib/takeTurns.ts';
import { useElementWidth } from './useElementWidth.ts';
import './notation.css';

/** Spec §2.3 'Music notation wrapper' and §8 'Music notation': verbatim. */
export const LOADING_MESSAGE = 'Loading music notation...';
export const LIBRARY_ERROR_MESSAGE =
  'Error loading music notation library. Please try again later.';
export const LOAD_FAILED_MESSAGE = 'Failed to load music notation';
export const RENDER_ERROR_MESSAGE = 'Error rendering music notation';

/**
 * Draws into `host` at the given CSS pixel width, replacing the drawing it holds. It is called
 * again whenever the function or the width changes, so pass a memoised function. A long
 * drawing may run in slices (issue 21 item 3): it then returns a promise of the milliseconds
 * it kept the main thread, or of null when `signal` aborted it (a newer drawing replaced it).
 */
export type DrawNotation = (
  vf: VexFlowApi,
  host: HTMLDivElement,
  width: number,
  signal: AbortSignal,
) => void | Promise<number | null>;

export interface MusicNotationProps {
  /** What the drawing shows, read by screen readers (the SVG itself is decoration to them). */
  readonly label: string;
  readonly draw: DrawNotation;
  readonly className?: string;
  /**
   * Draw only once the notation comes within a screen's margin of the viewport: a staff below
   * the fold costs nothing on load (issue 21 item 3). Not for what may be printed unseen.
   */
  readonly whenNear?: boolean;
}

/**
 * Every drawing on the page waits for its turn, one per task (issue 21 item 3: no long tasks).
 * When VexFlow arrives, every notation on the page becomes ready in one React commit, and their
 * drawings ran in one task: /gracenotes' two staves were one 100–170 ms task at Lighthouse's 4×
 * slowdown, over its 150 ms TBT goal with the page's other tasks.
 */
const drawingTurns = createTurnQueue();

/** How near the viewport a `whenNear` notation starts drawing (IntersectionObserver margin). */
const NEAR_MARGIN = '200px';

type Status =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly vf: VexFlowApi }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * The lazy music-notation wrapper (R-2.3.NOTATION-01/02, R-8.NOTATION-01..03): loads VexFlow
 * and the music font on first use, shows 'Loading music notation...' meanwhile, then draws as
 * SVG. The library chunk failing shows the wrapper's 'Error loading…' message; the music font
 * failing shows 'Failed to load music notation'; a drawing that throws shows 'Error rendering
 * music notation'. Each failure is also reported (spec §7 'Monitoring').
 */
export function MusicNotation({ label, draw, className, whenNear = false }: MusicNotationProps) {
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [renderFailed, setRenderFailed] = useState(false);
  // A drawing may take several slices (issue 21 item 3). Until the first one is complete the
  // loading message holds its place, so the score does not collapse and grow again (issue
  // 21.2, CLS); a new width keeps the old drawing meanwhile, a new tune does not.
  const [drawnOnce, setDrawnOnce] = useState(false);
  const drawnWith = useRef<DrawNotation | null>(null);
  const [outer, width] = useElementWidth<HTMLDivElement>();
  const host = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(!whenNear);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const outerRef = useCallback(
    (node: HTMLDivElement | null) => {
      outer(node);
      setBox(node);
    },
    [outer],
  );

  useEffect(() => {
    const element = box;
    if (near || !element) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, box]);

  useEffect(() => {
    let live = true;
    loadVexFlow().then(
      (vf) => {
        if (live) setStatus({ kind: 'ready', vf });
      },
      (error: unknown) => {
        reportError(error, { source: 'notation', operation: 'load' });
        const font = error instanceof NotationLoadError && error.part === 'font';
        if (live) {
          setStatus({
            kind: 'failed',
            message: font ? LOAD_FAILED_MESSAGE : LIBRARY_ERROR_MESSAGE,
          });
        }
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const vf = status.kind === 'ready' && near ? status.vf : null;
  useEffect(() => {
    const element = host.current;
    if (!vf || !element || width <= 0) return;
    const controller = new AbortController();
    const failed = (error: unknown) => {
      element.replaceChildren();
      reportError(error, { source: 'notation', operation: 'render' });
      setRenderFailed(true);
    };
    // Read by the render benchmark and the browser tests (bench/render.bench.ts): the
    // drawing's own main-thread time, not the pauses between its slices.
    const drawn = (ms: number) => {
      element.dataset.renderMs = ms.toFixed(2);
      setRenderFailed(false);
      setDrawnOnce(true);
    };
    void drawingTurns.take(controller.signal).then((done) => {
      if (controller.signal.aborted) return done();
      // A new drawing (not a new width) clears the old one, in its turn: until then the old
      // drawing stays, so a quick change (a preset chosen) does not flash the loading message.
      if (drawnWith.current !== draw) {
        drawnWith.current = draw;
        element.replaceChildren();
        setDrawnOnce(false);
      }
      try {
        const started = performance.now();
        const sliced = draw(vf, element, width, controller.signal);
        if (!sliced) {
          drawn(performance.now() - started);
          done();
          return;
        }
        sliced.then(
          (ms) => {
            done();
            if (ms !== null && !controller.signal.aborted) drawn(ms);
          },
          (error: unknown) => {
            done();
            if (!controller.signal.aborted) failed(error);
          },
        );
      } catch (error) {
        done();
        failed(error);
      }
    });
    return () => controller.abort();
  }, [vf, draw, width]);

  const message =
    status.kind === 'failed' ? status.message : renderFailed ? RENDER_ERROR_MESSAGE : null;
  return (
    <div ref={outerRef} className={`music-notation ${className ?? ''}`.trim()}>
      {(status.kind === 'loading' || (status.kind === 'ready' && !drawnOnce && !renderFailed)) && (
        <p role="status" className="music-notation-status">
          {LOADING_MESSAGE}
        </p>
      )}
      {message && (
        <p role="alert" className="status-error">
          {message}
        </p>
      )}
      <div
        ref={host}
        role="img"
        aria-label={label}
        className="music-notation-drawing"
        hidden={status.kind !== 'ready' || renderFailed || !drawnOnce}
      />
    </div>
  );
}
