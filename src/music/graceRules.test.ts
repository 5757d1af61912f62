import { describe, expect, it } from 'vitest';
import { pitches } from './notes.ts';
import {
  DEFAULT_GRACE_MODE,
  emptySelection,
  graceModeExplanations,
  graceModes,
  selectionInMode,
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

describe('issue 22.1: Gracenotes mode', () => {
  it('issue 22.1: a gracenote must be strictly higher than the melody note', () => {
    expect(pitches.filter((p) => graceAllowed(p, 'D', 'Gracenotes'))).toEqual([
      'E',
      'F',
      'HG',
      'HA',
    ]);
    expect(graceAllowed('D', 'D', 'Gracenotes')).toBe(false);
    expect(pitches.filter((p) => graceAllowed(p, 'HA', 'Gracenotes'))).toEqual([]);
    // Low G is never a gracenote: nothing lies below it.
    expect(pitches.some((p) => graceAllowed('LG', p, 'Gracenotes'))).toBe(false);
    expect(pitches.every((p) => graceAllowed(p, null, 'Gracenotes'))).toBe(true);
  });

  it('issue 22.1: a melody note must be lower than the gracenote', () => {
    // A G gracenote goes on anything from Low G to F; a D gracenote on Low G to C.
    expect(pitches.filter((p) => melodyAllowed(p, 'HG', 'Gracenotes'))).toEqual([
      'LG',
      'LA',
      'B',
      'C',
      'D',
      'E',
      'F',
    ]);
    expect(pitches.filter((p) => melodyAllowed(p, 'D', 'Gracenotes'))).toEqual([
      'LG',
      'LA',
      'B',
      'C',
    ]);
    expect(pitches.filter((p) => melodyAllowed(p, 'LG', 'Gracenotes'))).toEqual([]);
  });

  it('issue 22.1: choosing and clearing follow the mode; Strikes stays the default', () => {
    const g = selectMelody(selectGrace(emptySelection, 'HG', 'Gracenotes'), 'LA', 'Gracenotes');
    expect(g).toEqual({ grace: 'HG', melody: 'LA' });
    expect(selectGrace(g, 'HG', 'Gracenotes')).toEqual({ grace: null, melody: 'LA' });
    // A lower grace is refused in Gracenotes mode and, by default, a higher one in Strikes.
    expect(selectGrace({ grace: null, melody: 'E' }, 'C', 'Gracenotes')).toEqual({
      grace: null,
      melody: 'E',
    });
    expect(selectGrace({ grace: null, melody: 'E' }, 'HG')).toEqual({ grace: null, melody: 'E' });
    expect(DEFAULT_GRACE_MODE).toBe('Strikes');
    expect(graceModes).toEqual(['Strikes', 'Gracenotes']);
  });

  it('issue 22.1: switching mode keeps the melody and clears a grace the new mode forbids', () => {
    expect(selectionInMode({ grace: 'LG', melody: 'D' }, 'Gracenotes')).toEqual({
      grace: null,
      melody: 'D',
    });
    const fine = { grace: 'HG', melody: 'D' } as const;
    expect(selectionInMode(fine, 'Gracenotes')).toBe(fine);
    expect(selectionInMode({ grace: 'HG', melody: null }, 'Strikes')).toEqual({
      grace: 'HG',
      melody: null,
    });
  });

  it('issue 22.1: each mode has a one-line explanation', () => {
    for (const mode of graceModes) {
      expect(graceModeExplanations[mode]).toMatch(/^[^\n]{20,120}$/);
    }
  });
});
