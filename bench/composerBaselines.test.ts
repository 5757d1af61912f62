import { describe, expect, it } from 'vitest';
import { barTicks, specOf } from '../src/music/composer/composerForms.ts';
import { defaultEngine } from '../src/music/composer/composerEngine.ts';
import { composeTune } from '../src/music/composer/composeTune.ts';
import { notesOfBar } from '../src/music/composer/composition.ts';
import { markovBaseline, randomBaseline } from './composerBaselines.ts';

describe('bench:composer baselines (issue 19, Evaluated honestly)', () => {
  it('issue 19 Evaluated honestly: the baselines write a slow air in the composition’s own time signature', () => {
    for (const meter of ['4/4', '6/8'] as const) {
      const composition = composeTune({ form: 'slow air', seed: 3, meter });
      const spec = specOf('slow air', meter);
      for (const baseline of [
        randomBaseline(composition, 3),
        markovBaseline(composition, 3, defaultEngine),
      ]) {
        expect(baseline.plan.meter).toBe(meter);
        for (const bar of baseline.parts.flat()) {
          expect(bar.beats).toHaveLength(spec.beatsPerBar);
          expect(notesOfBar(bar).reduce((s, n) => s + n.ticks, 0)).toBe(barTicks(spec));
        }
      }
    }
  });
});
