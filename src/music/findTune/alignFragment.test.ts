import { describe, expect, it } from 'vitest';
import { alignFragment, EDIT, REPEAT } from './alignFragment.ts';

// Scale degrees as digits: 0 = Low G … 8 = High A (./findIndex.ts).
const tune = '1234567876543210123';

describe('alignFragment (issue 15.6)', () => {
  it('issue 15.6: an exact fragment costs nothing and starts where it is in the tune', () => {
    expect(alignFragment('45678765', tune)).toEqual({ cost: 0, start: 3 });
  });

  it('issue 15.6: a wrong, a missing and an extra note cost one edit each', () => {
    expect(alignFragment('45608765', tune)).toEqual({ cost: EDIT, start: 3 }); // 7 → 0
    expect(alignFragment('4568765', tune)).toEqual({ cost: EDIT, start: 3 }); // 7 left out
    expect(alignFragment('456278765', tune)).toEqual({ cost: EDIT, start: 3 }); // 2 added
    expect(alignFragment('45608760', tune)?.cost).toBe(2 * EDIT);
  });

  it('issue 15.6: a held note heard once where the tune repeats it costs only REPEAT', () => {
    const repeated = '11223344';
    expect(alignFragment('122344', repeated)).toEqual({ cost: REPEAT, start: 1 });
    expect(alignFragment('1234', repeated)).toEqual({ cost: 2 * REPEAT, start: 1 });
    // …and a note re-struck where the tune holds it.
    expect(alignFragment('123334', '1234')).toEqual({ cost: 2 * REPEAT, start: 0 });
    expect(REPEAT).toBeLessThan(EDIT);
  });

  it('issue 15.6: any start position, the start reported in the tune', () => {
    expect(alignFragment('3210123', tune)?.start).toBe(12);
    expect(alignFragment('12345678', tune)?.start).toBe(0);
  });

  it('issue 15.6: gives up (null) past the limit, and never misses a fit within it', () => {
    expect(alignFragment('45608760', tune, 2 * EDIT - 1)).toBeNull();
    expect(alignFragment('45608760', tune, 2 * EDIT)).toEqual({ cost: 2 * EDIT, start: 3 });
    // The cut-off agrees with the full table on every fragment of a few plain numbers.
    const fragments = ['0000', '8888', '13572468', '76543', '2222111', '12121212', '87'];
    for (const f of fragments) {
      const full = alignFragment(f, tune);
      for (let limit = 0; limit <= 40; limit++) {
        const cut = alignFragment(f, tune, limit);
        expect(cut?.cost ?? null).toBe(full!.cost <= limit ? full!.cost : null);
      }
    }
  });
});
