import { useCallback, useEffect, useState } from 'react';

/**
 * The content width of an element in whole CSS pixels, kept current with a ResizeObserver so
 * notation can reflow when the screen turns or the window narrows (issue 6, 'reflowed on
 * narrow screens'). Returns a callback ref and the width (0 until measured). The observer's
 * own entries give the width, so measuring never forces a layout of the page.
 */
export function useElementWidth<T extends HTMLElement>(): [(node: T | null) => void, number] {
  const [node, setNode] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  const ref = useCallback((next: T | null) => setNode(next), []);

  useEffect(() => {
    if (!node) return;
    if (typeof ResizeObserver === 'undefined') {
      // No observer (old browsers, jsdom): measure once.
      setWidth(Math.floor(node.clientWidth));
      return;
    }
    // ResizeObserver reports once on observe, then on every change.
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);

  return [ref, width];
}
