import { describe, expect, it } from 'vitest';
import { scaleIndex } from '../notes.ts';
import { composeTune } from './composeTune.ts';
import { defaultEngine, melodyGroups } from './composerEngine.ts';
import type { ComposerForm } from './composerForms.ts';
import { notesOfComposition } from './composition.ts';
import { stepFactor, stepIndex, stepKey, targetSteps } from './stepCalibration.ts';

/** Jensen–Shannon divergence (base 2) of two 17-entry step tables. */
function divergence(a: readonly number[], b: readonly number[]): number {
  const ta = a.reduce((s, v) => s + v, 0);
  const tb = b.reduce((s, v) => s + v, 0);
  let d = 0;
  a.forEach((x, i) => {
    const p = x / ta;
    const q = b[i]! / tb;
    const m = (p + q) / 2;
    if (p > 0) d += 0.5 * p * Math.log2(p / m);
    if (q > 0) d += 0.5 * q * Math.log2(q / m);
  });
  return d;
}

function composedSteps(form: ComposerForm, steps: number): number[] {
  const made = Array<number>(17).fill(0);
  const engine = { ...defaultEngine, weights: { ...defaultEngine.weights, steps } };
  for (let seed = 1; seed <= 20; seed++) {
    const notes = notesOfComposition(composeTune({ form, seed }, engine)).map((n) =>
      scaleIndex(n.note.pitch),
    );
    for (let j = 1; j < notes.length; j++) made[stepIndex(notes[j - 1]!, notes[j]!)]! += 1;
  }
  return made;
}

describe('step calibration (issue 19 item 1: melodic intervals like the library’s)', () => {
  it('issue 19.1: the shipped model has step factors for every form and air time signature', () => {
    for (const key of ['2/4 march', 'hornpipe', stepKey('slow air', '6/8'), 'slow air 4/4']) {
      const factors = defaultEngine.model.steps?.[key];
      expect(factors, key).toHaveLength(17);
      expect(factors!.every((f) => f >= 0.05 && f <= 20)).toBe(true);
    }
  });

  it('issue 19.1: no factors, or weight 0, leave the learned chances as they are', () => {
    expect(stepFactor(undefined, { steps: 1 }, 3, 5)).toBe(1);
    expect(stepFactor(Array<number>(17).fill(2), { steps: 0 }, 3, 5)).toBe(1);
    expect(stepFactor(Array<number>(17).fill(2), { steps: 1 }, null, 5)).toBe(1);
    const factors = Array.from({ length: 17 }, (_, i) => i);
    expect(stepFactor(factors, { steps: 1 }, 3, 5)).toBe(stepIndex(3, 5));
  });

  it('issue 19.1: with the factors, composed tunes’ steps are nearer the library’s than without', () => {
    let without = 0;
    let withFactors = 0;
    for (const form of ['2/4 march', '6/8 march', 'retreat', 'hornpipe'] as const) {
      const target = targetSteps(melodyGroups(defaultEngine, form));
      without += divergence(composedSteps(form, 0), target);
      withFactors += divergence(composedSteps(form, 1), target);
    }
    expect(withFactors).toBeLessThan(without * 0.8);
  }, 60_000);
});
