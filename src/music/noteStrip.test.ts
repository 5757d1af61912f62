import { describe, expect, it } from 'vitest';
import {
  SONG_STRIP,
  UP_AND_DOWN,
  staffStep,
  steppedPosition,
  stripNoteAt,
  visibleNotes,
} from './noteStrip.ts';

describe('note strip', () => {
  it('R-2.3.STRIP-05 goes up the nine notes then down, looping', () => {
    expect(UP_AND_DOWN.slice(0, 9)).toEqual(['LG', 'LA', 'B', 'C', 'D', 'E', 'F', 'HG', 'HA']);
    expect(UP_AND_DOWN.slice(8)).toEqual(['HA', 'HG', 'F', 'E', 'D', 'C', 'B', 'LA', 'LG']);
    expect(UP_AND_DOWN).toHaveLength(17);
    expect(stripNoteAt(UP_AND_DOWN, 17)).toBe('LG');
    expect(stripNoteAt(UP_AND_DOWN, 18)).toBe('LA');
    expect(SONG_STRIP).toHaveLength(29);
  });

  it('places notes on the staff from Low G on the second line to High A above the top', () => {
    expect(staffStep('LG')).toBe(2);
    expect(staffStep('C')).toBe(5);
    expect(staffStep('HA')).toBe(10);
  });

  it('lists the notes around the marker with their distance from it', () => {
    const seen = visibleNotes(UP_AND_DOWN, 2.25, 1, 2);
    expect(seen.map((n) => n.k)).toEqual([2, 3, 4]);
    expect(seen.map((n) => n.offset)).toEqual([-0.25, 0.75, 1.75]);
    expect(visibleNotes(UP_AND_DOWN, 0, 3, 1).map((n) => n.k)).toEqual([0, 1]);
  });

  it('steps instead of sliding for reduced motion', () => {
    expect(steppedPosition(3.9)).toBe(3);
    expect(steppedPosition(-0.5)).toBe(0);
  });
});
