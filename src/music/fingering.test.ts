import { describe, expect, it } from 'vitest';
import { fingeringFor, fingeringOf, holeNames, movedHoles } from './fingering.ts';
import { pitches } from './notes.ts';

const pattern = (p: Parameters<typeof fingeringOf>[0]) =>
  fingeringOf(p)
    .holes.map((h) => (h ? 'x' : 'o'))
    .join('');

describe('fingering', () => {
  it('R-3.FINGER-01 every note has a holes list of 8 booleans', () => {
    for (const p of pitches) {
      const { holes } = fingeringOf(p);
      expect(holes).toHaveLength(8);
      expect(holes.every((h) => typeof h === 'boolean')).toBe(true);
    }
    expect(holeNames).toHaveLength(8);
  });

  it('R-3.FINGER-02 the thumb hole comes first and is open only on High A', () => {
    expect(holeNames[0]).toBe('thumb');
    for (const p of pitches) expect(fingeringOf(p).holes[0]).toBe(p !== 'HA');
  });

  it('has the standard Highland fingering of each note (thumb, top 3, bottom 4)', () => {
    expect(pitches.map((p) => `${p}:${pattern(p)}`)).toEqual([
      'LG:xxxxxxxx',
      'LA:xxxxxxxo',
      'B:xxxxxxox',
      'C:xxxxxoox',
      'D:xxxxooox',
      'E:xxxoxxxo',
      'F:xxooxxxo',
      'HG:xoooxxxo',
      'HA:oooxxxxo',
    ]);
  });

  it('gives every note a distinct fingering', () => {
    expect(new Set(pitches.map(pattern)).size).toBe(9);
  });

  it('R-3.FINGER-03 derives the fingering from a melody note and a grace note', () => {
    expect(fingeringFor('D')).toEqual(fingeringOf('D'));
    expect(fingeringFor('D', null)).toEqual(fingeringOf('D'));
    expect(fingeringFor('D', 'LG')).toEqual(fingeringOf('LG'));
  });

  it('lists the holes that move between two fingerings', () => {
    expect(movedHoles(fingeringOf('LG'), fingeringOf('LA'))).toEqual([7]);
    expect(movedHoles(fingeringOf('D'), fingeringOf('D'))).toEqual([]);
  });
});
