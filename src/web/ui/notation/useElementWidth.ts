import { useCallback, useEffect, useState } from 'react';

/**
 * The content width of an element in whole CSS pixels, kept current with a ResizeObserver so
 * notation can reflow when the screen turns or the window narrows (issue 6, 'reflowed on
 * narrow screens'). Returns a callback ref and the width (0 until measured).
 */
export function useElementWidth<T extends HTMLElement>(): [(node: T | null) => void, number] {
  const [node, setNode] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  const ref = useCallback((next: T | null) => setNode(next), []);

  useEffect(() => {
    if (!node) return;
    const measure = () => setWidth(Math.floor(node.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    observer.observe(node);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [node]);

  return [ref, width];
}
