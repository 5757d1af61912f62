import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { drawScore } from '../../ui/notation/drawScore.ts';
import { layoutTune, type ScoreLine } from '../../ui/notation/scoreLayout.ts';
import { jsdomVexFlow } from '../../ui/notation/testing/jsdomVexFlow.ts';
import { runInSlices } from '../../lib/runInSlices.ts';
import { PREVIEW_HEIGHT, drawPreview, drawPreviewSteps } from './drawPreview.ts';

// VexFlow in jsdom with Chromium's glyph sizes (the notation layout tests' set-up).
const { vf } = jsdomVexFlow();

function firstLine(file: string): ScoreLine {
  const bww = readFileSync(join(import.meta.dirname, '../../../music/library', file), 'utf8');
  const tune = parseBww(bww).tunes[0]!;
  return layoutTune(tune)[0]!;
}

const svgSize = (host: HTMLElement) => {
  const svg = host.querySelector('svg')!;
  return { width: parseFloat(svg.style.width), height: parseFloat(svg.style.height) };
};

// Result cards measured in Chromium: 500 px wide at 1280, 315 px at 375 (issue 15 screenshots).
describe('issue 15.5: a search result’s preview is one row of music filling its box', () => {
  it.each([
    ['mrs-macleod-of-raasay.bww', 315],
    ['mrs-macleod-of-raasay.bww', 500],
    ['minstrel-boy.bww', 315],
    ['amazing-grace.bww', 500],
    ['scotland-the-brave.bww', 500],
  ])('%s at %i px', (file, width) => {
    const line = firstLine(file);
    const host = document.createElement('div');
    const drawn = drawPreview(vf, host, width, line);
    expect(drawn.rows).toBe(1);
    expect(drawn.plan.rows[0]!.length).toBeGreaterThan(0);
    const size = svgSize(host);
    expect(size.height).toBeLessThanOrEqual(PREVIEW_HEIGHT);
    expect(size.width).toBeLessThanOrEqual(width);
    // It fills the box one way or the other (no small row in a corner of a wide card).
    expect(Math.max(size.width / width, size.height / PREVIEW_HEIGHT)).toBeGreaterThan(0.9);
    expect(host.querySelector('svg')!.getAttribute('viewBox')).toMatch(/^0 0 \d/);
  });

  it('the whole first line drawn as before takes several rows on a phone (what the box cut)', () => {
    const host = document.createElement('div');
    expect(drawScore(vf, host, 315, [firstLine('mrs-macleod-of-raasay.bww')]).rows).toBeGreaterThan(
      1,
    );
  });
});

describe('issue 21 item 3: a preview drawn in slices', () => {
  /** VexFlow numbers its elements from one counter: two drawings differ only in those numbers. */
  const markup = (host: HTMLElement) => host.innerHTML.replace(/auto\d+/g, 'auto');

  it('issue 21.3: yields between its layouts and bars, and draws the same preview as in one go', async () => {
    const line = firstLine('mrs-macleod-of-raasay.bww');
    const whole = document.createElement('div');
    drawPreview(vf, whole, 315, line);
    const sliced = document.createElement('div');
    let yields = 0;
    const drawn = await runInSlices(drawPreviewSteps(vf, sliced, 315, line), {
      sliceMs: 0,
      yieldToMain: async () => {
        yields++;
        expect(sliced.childElementCount).toBe(0);
      },
    });
    expect(drawn?.value.rows).toBe(1);
    // Three layouts of the line (its first row at the box's width, then wider) and the drawing.
    expect(yields).toBeGreaterThan(2 * line.bars.length);
    expect(markup(sliced)).toBe(markup(whole));
  });
});
