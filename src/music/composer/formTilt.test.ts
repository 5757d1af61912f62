import { describe, expect, it } from 'vitest';
import { composerModel } from './composerEngine.ts';
import { formTilt, marginalsOf } from './formTilt.ts';
import { MELODY_GROUPS } from './formGroups.ts';

const groupsOf = (form: keyof typeof MELODY_GROUPS) =>
  MELODY_GROUPS[form].flatMap((key) => composerModel.groups[key] ?? []);

describe('tilting pooled note chances towards a form (issue 19.1, formTilt.ts)', () => {
  it('issue 19.1: β = γ = 0 leaves the chances as they are', () => {
    expect(formTilt(groupsOf('2/4 march'), 0, 0, 3, true)).toEqual(Array(9).fill(1));
  });

  it('issue 19.1: the factor favours notes the form plays more often than all tunes do', () => {
    const groups = groupsOf('2/4 march');
    const form = marginalsOf(groups[0]!).pitch.s;
    const all = marginalsOf(groups.at(-1)!).pitch.s;
    const share = (counts: number[], q: number) => counts[q]! / counts.reduce((a, b) => a + b, 0);
    const factors = formTilt(groups, 1, 0, 3, true);
    for (let q = 0; q < 9; q++) {
      const more = share(form, q) > share(all, q) * 1.2;
      const less = share(form, q) < share(all, q) / 1.2;
      if (more) expect(factors[q]).toBeGreaterThan(1);
      if (less) expect(factors[q]).toBeLessThan(1);
    }
  });
});
