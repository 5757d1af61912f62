import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { MusicNotation, type DrawNotation } from '../../ui/notation/MusicNotation.tsx';
import { layoutTune } from '../../ui/notation/scoreLayout.ts';
import { drawPreview } from './drawPreview.ts';

export interface ScorePreviewProps {
  /** A BWW snippet: the header and the first staff line (issue 15 item 5 'a small preview'). */
  readonly bww: string;
  readonly label: string;
}

/**
 * A search result's first line of music. Drawn only once it scrolls into view: a page of
 * results must not draw twenty scores at once on a phone (issue 21: no long tasks).
 */
export function ScorePreview({ bww, label }: ScorePreviewProps) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    if (typeof IntersectionObserver !== 'function') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const lines = useMemo(() => {
    if (!visible) return null;
    const tune = parseBww(bww).tunes[0];
    return tune ? layoutTune(tune).slice(0, 1) : null;
  }, [bww, visible]);
  const draw = useCallback<DrawNotation>(
    (vf, host, width) => {
      const line = lines?.[0];
      if (line) drawPreview(vf, host, width, line);
    },
    [lines],
  );
  return (
    <div ref={box} className="share-preview">
      {lines && lines.length > 0 && <MusicNotation label={label} draw={draw} />}
    </div>
  );
}
