import { describe, expect, it } from 'vitest';
import type { OmrBar } from './omrTypes.ts';
import { titleArea } from './titleArea.ts';

const bar = (y: number, x = 100): OmrBar => ({
  part: 0,
  line: 0,
  bar: 0,
  region: { x, y, width: 200, height: 40 },
  confidence: 1,
  notes: [],
});

describe('titleArea (issue 20 item 1)', () => {
  it('issue 20.1: the band above the first staff, clear of grace notes over it', () => {
    // A region reaches three spaces above its staff: the band ends where the highest begins.
    expect(titleArea([bar(600), bar(300), bar(300, 400)], { width: 1000, height: 1400 })).toEqual({
      x: 0,
      y: 0,
      width: 1000,
      height: 300,
    });
  });

  it('issue 20.1: no band when the music starts at the top of the page, or there is none', () => {
    expect(titleArea([bar(12)], { width: 1000, height: 1400 })).toBeNull();
    expect(titleArea([], { width: 1000, height: 1400 })).toBeNull();
  });
});
