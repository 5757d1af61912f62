import { describe, expect, it } from 'vitest';
import { endingLabel, staffKey, timeSpec, vexDuration } from './vexKeys.ts';

describe('staffKey', () => {
  it('R-3.NOTES-03 puts each chanter note at its treble-staff position', () => {
    expect(
      (['LG', 'LA', 'B', 'C', 'D', 'E', 'F', 'HG', 'HA'] as const).map((p) => staffKey(p)),
    ).toEqual(['g/4', 'a/4', 'b/4', 'c/5', 'd/5', 'e/5', 'f/5', 'g/5', 'a/5']);
  });
});

describe('vexDuration', () => {
  it('maps note values to VexFlow duration codes', () => {
    expect([1, 2, 4, 8, 16, 32].map((d) => vexDuration(d as 1))).toEqual([
      'w',
      'h',
      'q',
      '8',
      '16',
      '32',
    ]);
  });
});

describe('endingLabel', () => {
  it('prints time lines as pipe music does', () => {
    expect(endingLabel('1')).toBe('1st');
    expect(endingLabel('2')).toBe('2nd');
    expect(endingLabel('24')).toBe('2nd & 4th');
    expect(endingLabel('22')).toBe('2nd');
    expect(endingLabel('intro')).toBe('Intro');
  });
});

describe('timeSpec', () => {
  it('draws C and C_ as symbols and others as numbers', () => {
    expect(timeSpec({ beats: 4, beatType: 4, symbol: 'common' })).toBe('C');
    expect(timeSpec({ beats: 2, beatType: 2, symbol: 'cut' })).toBe('C|');
    expect(timeSpec({ beats: 6, beatType: 8, symbol: null })).toBe('6/8');
  });
});
