import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { MusicNotation, type DrawNotation } from '../../ui/notation/MusicNotation.tsx';
import { layoutTune } from '../../ui/notation/scoreLayout.ts';
import { createTurnQueue } from '../../lib/takeTurns.ts';
import { runInSlices } from '../../lib/runInSlices.ts';
import { drawPreviewSteps } from './drawPreview.ts';

/** The page's previews draw one at a time, each in its own task (issue 21 item 3). */
const previewTurns = createTurnQueue();

export interface ScorePreviewProps {
  /** A BWW snippet: the header and the first staff line (issue 15 item 5 'a small preview'). */
  readonly bww: string;
  readonly label: string;
}

/**
 * A search result's first line of music. Drawn only once it scrolls into view, and then only
 * in its turn: a page of results must not draw its scores in one long task on a phone (issue
 * 21: no long tasks).
 */
export function ScorePreview({ bww, label }: ScorePreviewProps) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  /** Ends this preview's turn (after its drawing, or when it goes). */
  const release = useRef<(() => void) | null>(null);
  const finish = useCallback(() => {
    release.current?.();
    release.current = null;
  }, []);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const controller = new AbortController();
    const show = () =>
      void previewTurns.take(controller.signal).then((done) => {
        if (controller.signal.aborted) return done();
        release.current = done;
        setVisible(true);
      });
    if (typeof IntersectionObserver !== 'function') {
      show();
      return () => {
        controller.abort();
        finish();
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          show();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      controller.abort();
      finish();
    };
  }, [finish]);
  const lines = useMemo(() => {
    if (!visible) return null;
    const tune = parseBww(bww).tunes[0];
    return tune ? layoutTune(tune).slice(0, 1) : null;
  }, [bww, visible]);
  // Nothing to draw: the turn passes on at once.
  useEffect(() => {
    if (visible && (!lines || lines.length === 0)) finish();
  }, [visible, lines, finish]);
  // In slices, and the turn passes on only when the drawing is done or abandoned.
  const draw = useCallback<DrawNotation>(
    (vf, host, width, signal) => {
      const line = lines?.[0];
      if (!line) {
        finish();
        return;
      }
      return runInSlices(drawPreviewSteps(vf, host, width, line), { signal })
        .then((done) => done?.busyMs ?? null)
        .finally(finish);
    },
    [lines, finish],
  );
  return (
    <div ref={box} className="share-preview">
      {lines && lines.length > 0 && <MusicNotation label={label} draw={draw} />}
    </div>
  );
}
