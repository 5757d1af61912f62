import { describe, expect, it } from 'vitest';
import { STANDARD_CHANTER } from '../../music/chanter.ts';
import { isKeyboardChanter, activeChanter } from './activeChanter.ts';

describe('activeChanter', () => {
  const mine = {
    id: 'c1',
    name: 'Mine',
    frequencies: [430, 484, 545, 605, 645, 726, 806, 846, 968],
  };

  it('R-3.CHANTER-02 uses a saved chanter with nine ascending frequencies', () => {
    expect(activeChanter('c1', [mine]).frequencies[1]).toBe(484);
  });

  it('falls back to Standard for built-in ids and unusable saved chanters', () => {
    expect(activeChanter('standard', [mine])).toBe(STANDARD_CHANTER);
    expect(activeChanter('keyboard', [mine])).toBe(STANDARD_CHANTER);
    expect(activeChanter('c1', [{ ...mine, frequencies: [1, 2] }])).toBe(STANDARD_CHANTER);
    expect(activeChanter('c1', [{ id: 'c1', name: 'Mine' }])).toBe(STANDARD_CHANTER);
    expect(isKeyboardChanter('keyboard')).toBe(true);
  });
});
