import { describe, expect, it } from 'vitest';
import { beamGroups, type Beamable } from './beamGroups.ts';

const n = (beam: Beamable['beam'], duration: number | null = 8): Beamable => ({ beam, duration });

describe('beamGroups', () => {
  it('joins a right-beamed note to the left-beamed one after it (Er_8 Dl_8)', () => {
    expect(beamGroups([n('right'), n('left')])).toEqual([[0, 1]]);
  });

  it('carries a beam through middle notes (Fr_8 Er_16 Dl_16) and starts anew after', () => {
    expect(beamGroups([n('right'), n('right', 16), n('left', 16), n('right'), n('left')])).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
  });

  it('breaks at a rest, an unbeamed note or a crotchet', () => {
    expect(beamGroups([n('right'), n(null, null), n('left')])).toEqual([]);
    expect(beamGroups([n('right'), n(null), n('left')])).toEqual([]);
    expect(beamGroups([n('right'), n('right', 4), n('left')])).toEqual([]);
  });

  it('ignores a lone left or right beam mark', () => {
    expect(beamGroups([n('left'), n('right')])).toEqual([]);
  });
});
