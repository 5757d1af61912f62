import { describe, expect, it } from 'vitest';
import { runInSlices, type Steps } from '../../lib/runInSlices.ts';
import {
  drawGraceStaff,
  drawGraceStaffSteps,
  drawNoteStaffSteps,
  PIPE_KEY,
  STEM_DOWN,
} from './drawStaves.ts';
import { staffKey } from './vexKeys.ts';
import { jsdomVexFlow } from './testing/jsdomVexFlow.ts';

// VexFlow in jsdom with Chromium's glyph sizes (the notation layout tests' set-up).
const { vf } = jsdomVexFlow();

/** VexFlow numbers its elements from one counter: two drawings differ only in those numbers. */
const markup = (host: HTMLElement) => host.innerHTML.replace(/auto\d+/g, 'auto');

/**
 * Runs drawing steps into `host`, which shows `previous`, yielding after every step; checks at
 * each yield that the previous drawing is still there. Returns how many times it yielded.
 */
async function drawSliced(steps: Steps<void>, host: HTMLElement, previous: string) {
  host.textContent = previous;
  let yields = 0;
  const drawn = await runInSlices(steps, {
    sliceMs: 0,
    yieldToMain: async () => {
      yields++;
      expect(host.textContent).toBe(previous);
    },
  });
  expect(drawn).not.toBeNull();
  return yields;
}

describe('issue 21 item 3: the grace staff drawn in slices', () => {
  it('issue 21.3: yields between the stave, the formatting and the notes, keeps the old drawing meanwhile, and draws the same SVG as in one go', async () => {
    const whole = document.createElement('div');
    drawGraceStaff(vf, whole, 400, 180, 'LA', ['LG', 'D', 'LG', 'E']);
    const sliced = document.createElement('div');
    const steps = drawGraceStaffSteps(vf, sliced, 400, 180, 'LA', ['LG', 'D', 'LG', 'E']);
    expect(await drawSliced(steps, sliced, 'the previous drawing')).toBe(2);
    expect(markup(sliced)).toBe(markup(whole));
    // The classes the styles and browser tests use, found although the stage was detached.
    expect(sliced.querySelectorAll('.melody-note')).toHaveLength(2);
    expect(sliced.querySelectorAll('.grace-note')).toHaveLength(4);
    expect(sliced.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('an empty staff has no notes and one step', async () => {
    const host = document.createElement('div');
    let yields = 0;
    await runInSlices(drawGraceStaffSteps(vf, host, 400, 180, null, []), {
      sliceMs: 0,
      yieldToMain: async () => void yields++,
    });
    expect(yields).toBe(0);
    expect(host.querySelectorAll('svg')).toHaveLength(1);
    expect(host.querySelectorAll('.melody-note')).toHaveLength(0);
  });
});

describe('issue 21 item 3: the note staff drawn in slices', () => {
  it('issue 21.3: R-2.3.STAFF-01 yields twice, keeps the old drawing meanwhile, and draws what FormatAndDraw drew in one go', async () => {
    // The drawing as it was made before it was sliced: VexFlow's FormatAndDraw.
    const whole = document.createElement('div');
    const renderer = new vf.Renderer(whole, vf.Renderer.Backends.SVG);
    renderer.resize(200, 140);
    const ctx = renderer.getContext();
    const stave = new vf.Stave(1, 5, 198).addClef('treble').addKeySignature(PIPE_KEY);
    stave.setContext(ctx).draw();
    const note = new vf.StaveNote({
      keys: [staffKey('E')],
      duration: 'q',
      stemDirection: STEM_DOWN,
    });
    vf.Formatter.FormatAndDraw(ctx, stave, [note]);
    whole.querySelector('.vf-stavenote')?.classList.add('melody-note');

    const sliced = document.createElement('div');
    const steps = drawNoteStaffSteps(vf, sliced, 200, 140, 'E');
    expect(await drawSliced(steps, sliced, 'the previous card')).toBe(2);
    const svg = (host: HTMLElement) => markup(host).replace(/<svg[^>]*>/, '<svg>');
    expect(svg(sliced)).toBe(svg(whole));
    expect(sliced.querySelectorAll('.melody-note')).toHaveLength(1);
  });
});
