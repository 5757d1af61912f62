import * as VexFlowCore from 'vexflow/core';
import { describe, expect, it } from 'vitest';
import { cheapContextSaves, memoisedMetricLookups, type VexFlowApi } from './vexflow.ts';

// The drawing speed-ups in ./vexflow.ts replace VexFlow internals; these tests prove they give
// the same answers and the same drawing state as the code they replace (issue 6 item 5).
const vf = VexFlowCore as unknown as VexFlowApi;
const metrics = vf.Metrics as unknown as { get(key: string, fallback?: unknown): unknown };

describe('memoised Metrics.get', () => {
  it('answers every key, with and without a fallback, exactly as the tree walk does', () => {
    const keys = [
      'Stave.padding',
      'Stave.unalignedNotePadding',
      'StaveNote.fontSize',
      'GraceNote.fontScale',
      'Tuplet.fontFamily',
      'NoteHead.fontFamily',
      'Stem.strokeStyle',
      'Beam.lineWidth',
      'No.such.key',
    ];
    const fallbacks = [undefined, 0, 7, 'x'];
    const before = keys.flatMap((k) => fallbacks.map((f) => metrics.get(k, f)));
    memoisedMetricLookups(vf);
    // Twice: the first call fills the memo, the second reads it.
    for (let round = 0; round < 2; round++) {
      expect(keys.flatMap((k) => fallbacks.map((f) => metrics.get(k, f)))).toEqual(before);
    }
    expect(metrics.get('No.such.key', 5)).toBe(5);
    expect(metrics.get('Stave.padding', 999)).not.toBe(999);
  });
});

describe('cheap SVG context save/restore', () => {
  it('restores fill, stroke width and font after nested saves, and later shapes use them', () => {
    cheapContextSaves(vf);
    const host = document.createElement('div');
    const ctx = new vf.SVGContext(host);
    const attrs = () => (ctx as unknown as { attributes: Record<string, unknown> }).attributes;
    const initial = { ...attrs() };

    ctx.save();
    ctx.setFillStyle('red').setLineWidth(3);
    ctx.save();
    ctx.setFont('serif', 20);
    ctx.setFillStyle('blue');
    expect(attrs().fill).toBe('blue');
    ctx.restore();
    expect(attrs().fill).toBe('red');
    expect(attrs()['stroke-width']).toBe(3);
    expect(attrs()['font-family']).toBe(initial['font-family']);
    ctx.restore();
    expect(attrs()).toEqual(initial);

    ctx.rect(0, 0, 10, 10);
    const rect = host.querySelector('rect');
    expect(rect?.getAttribute('fill')).not.toBe('red');
    expect(rect?.getAttribute('stroke-width')).not.toBe('3');
  });

  it('a restore without a save changes nothing', () => {
    cheapContextSaves(vf);
    const ctx = new vf.SVGContext(document.createElement('div'));
    const attrs = () => (ctx as unknown as { attributes: Record<string, unknown> }).attributes;
    const initial = { ...attrs() };
    ctx.restore();
    expect(attrs()).toEqual(initial);
  });
});
