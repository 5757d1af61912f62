/**
 * A text-measurement canvas for VexFlow outside a browser (issue 22 item 6). VexFlow sizes every
 * glyph — note heads, flags, clefs, accidentals, digits — with a canvas `measureText`, which
 * jsdom does not have. This one answers from `glyphMetrics.json`: the widths and heights that
 * Chromium measured for the music font we serve (Gonville) and the text fonts, written by
 * `npm run notation:metrics` (scripts/notation-metrics.ts). So the layout tests format a score
 * exactly as the browser does, without a browser.
 *
 * A font and text not in the table is answered with an estimate and remembered in `misses`: a
 * test that renders asserts there are none (run the script again when VexFlow, the font or the
 * drawing code asks for new glyphs).
 */
import table from './glyphMetrics.json' with { type: 'json' };

/** [width, actualBoundingBoxAscent, actualBoundingBoxDescent] by `${css font}\u0000${text}`. */
export type GlyphMetrics = Record<string, readonly [number, number, number]>;

export const glyphMetrics: GlyphMetrics = table as unknown as GlyphMetrics;

export function metricsKey(font: string, text: string): string {
  return `${font}\u0000${text}`;
}

export interface MeasureCanvas {
  getContext(kind: '2d'): { font: string; measureText(text: string): TextMetrics };
  /** Keys asked for that the table lacks. */
  readonly misses: Set<string>;
}

export function measureCanvas(metrics: GlyphMetrics = glyphMetrics): MeasureCanvas {
  const misses = new Set<string>();
  const context = {
    font: '10px sans-serif',
    measureText(text: string): TextMetrics {
      const key = metricsKey(context.font, text);
      let known = metrics[key];
      if (!known) {
        misses.add(key);
        const size = Number(/([\d.]+)(px|pt)/.exec(context.font)?.[1] ?? 10);
        known = [0.6 * size * text.length, 0.7 * size, 0.2 * size];
      }
      const [width, ascent, descent] = known;
      return {
        width,
        actualBoundingBoxAscent: ascent,
        actualBoundingBoxDescent: descent,
        actualBoundingBoxLeft: 0,
        actualBoundingBoxRight: width,
        fontBoundingBoxAscent: ascent,
        fontBoundingBoxDescent: descent,
      } as TextMetrics;
    },
  };
  return { getContext: () => context, misses };
}
