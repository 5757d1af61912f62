/**
 * Draws a search result's preview (issue 15 item 5 'results with a small preview'): one row of
 * music that fills the preview box. The first staff line of a tune often does not fit a result
 * card in one row (on a phone most do not), and drawScore then reflows it into two or three
 * rows, of which the box showed the first and the top of the next, cut off; a row drawn at
 * full size (134 px) was taller than the box and lost its beams (seen on the issue 15 'Done
 * when' screenshots at 1280 and 375 px). So only the bars the first row takes are drawn, laid
 * out wide enough that the row, scaled to the box's height, fills its width.
 */
import type { VexFlowApi } from '../../lib/vexflow.ts';
import { runToEnd, type Steps } from '../../lib/runInSlices.ts';
import { drawScoreSteps, planScoreSteps, type DrawnScore } from '../../ui/notation/drawScore.ts';
import type { ScoreLine } from '../../ui/notation/scoreLayout.ts';

/** The preview box's height in CSS px (.share-preview in sheetShare.css). */
export const PREVIEW_HEIGHT = 96;

/** The bars of `line` that its first row takes when laid out at `width`. */
function* firstRow(vf: VexFlowApi, width: number, line: ScoreLine): Steps<ScoreLine> {
  const plan = yield* planScoreSteps(vf, width, [line]);
  const fits = plan.rows[0]?.length ?? line.bars.length;
  return { bars: line.bars.slice(0, Math.max(1, fits)) };
}

/**
 * drawPreview as steps, for ../../lib/runInSlices.ts: a preview lays its line out up to three
 * times before drawing it, one ~50 ms task at 4× slowdown on /sheet-share (issue 21 item 3).
 */
export function* drawPreviewSteps(
  vf: VexFlowApi,
  host: HTMLDivElement,
  width: number,
  line: ScoreLine,
  maxHeight = PREVIEW_HEIGHT,
): Steps<DrawnScore> {
  let row = yield* firstRow(vf, width, line);
  const plan = yield* planScoreSteps(vf, width, [row]);
  const shownHeight = plan.height * Math.min(1, width / plan.layoutWidth);
  // Too tall for the box: lay out wider (more bars fit), then draw it scaled down to the box.
  const layoutAt = shownHeight > maxHeight ? (width * shownHeight) / maxHeight : width;
  if (layoutAt !== width) row = yield* firstRow(vf, layoutAt, line);
  const drawn = yield* drawScoreSteps(vf, host, layoutAt, [row]);
  const svg = host.querySelector('svg');
  if (svg) fitInside(svg, width, maxHeight);
  return drawn;
}

export function drawPreview(
  vf: VexFlowApi,
  host: HTMLDivElement,
  width: number,
  line: ScoreLine,
  maxHeight = PREVIEW_HEIGHT,
): DrawnScore {
  return runToEnd(drawPreviewSteps(vf, host, width, line, maxHeight));
}

/** Scales an SVG down, keeping its proportions, to at most `maxWidth` × `maxHeight`. */
function fitInside(svg: SVGSVGElement, maxWidth: number, maxHeight: number): void {
  const width = parseFloat(svg.style.width) || Number(svg.getAttribute('width'));
  const height = parseFloat(svg.style.height) || Number(svg.getAttribute('height'));
  if (!(width > 0) || !(height > 0)) return;
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  if (scale === 1) return;
  if (!svg.hasAttribute('viewBox')) {
    svg.setAttribute('viewBox', `0 0 ${svg.getAttribute('width')} ${svg.getAttribute('height')}`);
  }
  svg.style.width = `${width * scale}px`;
  svg.style.height = `${height * scale}px`;
}
