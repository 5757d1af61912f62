/**
 * A rendering context that draws nothing, for layout tests (issue 22 item 6): VexFlow still
 * computes every position as it draws (grace notes are placed when their group is drawn), but
 * no SVG is built, so laying out the whole corpus stays quick in a test.
 */
import type { RenderContext } from 'vexflow/core';

const SVG = 'http://www.w3.org/2000/svg';

export function nullContext(): RenderContext {
  const context: RenderContext = new Proxy({} as RenderContext, {
    get(_target, property) {
      if (property === 'measureText') return () => ({ x: 0, y: 0, width: 0, height: 0 });
      if (property === 'getFont') return () => '10pt sans-serif';
      if (property === 'state' || property === 'attributes') return {};
      // Groups are elements to the callers (they add classes and attributes to them).
      if (property === 'openGroup') return () => document.createElementNS(SVG, 'g');
      return () => context;
    },
  });
  return context;
}
