import { describe, expect, it } from 'vitest';
import { pitches } from './notes.ts';
import {
  emptySelection,
  graceAllowed,
  melodyAllowed,
  selectGrace,
  selectMelody,
} from './graceRules.ts';

describe('grace rules', () => {
  it('R-4.GRACE-02 a grace note must be strictly lower than the melody note', () => {
    expect(pitches.filter((p) => graceAllowed(p, 'D'))).toEqual(['LG', 'LA', 'B', 'C']);
    expect(graceAllowed('D', 'D')).toBe(false);
    expect(pitches.filter((p) => graceAllowed(p, 'LG'))).toEqual([]);
    expect(pitches.every((p) => graceAllowed(p, null))).toBe(true);
  });

  it('R-4.GRACE-03 a melody note must be higher than the grace note', () => {
    expect(pitches.filter((p) => melodyAllowed(p, 'F'))).toEqual(['HG', 'HA']);
    expect(pitches.filter((p) => melodyAllowed(p, 'HA'))).toEqual([]);
    expect(pitches.every((p) => melodyAllowed(p, null))).toBe(true);
  });

  it('R-4.GRACE-01 selecting the already selected note clears it', () => {
    const s = selectMelody(selectGrace(emptySelection, 'LG'), 'D');
    expect(s).toEqual({ grace: 'LG', melody: 'D' });
    expect(selectGrace(s, 'LG')).toEqual({ grace: null, melody: 'D' });
    expect(selectMelody(s, 'D')).toEqual({ grace: 'LG', melody: null });
  });

  it('R-4.GRACE-04 ignores a disallowed choice', () => {
    const s = { grace: 'E', melody: 'F' } as const;
    expect(selectGrace(s, 'HG')).toBe(s);
    expect(selectMelody(s, 'C')).toBe(s);
  });
});
