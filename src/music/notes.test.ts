import { describe, expect, it } from 'vitest';
import { isPitch, noteOf, notes, pitches, scaleIndex } from './notes.ts';

describe('chanter notes (spec §3)', () => {
  it('R-3.NOTES-01 lists the nine notes in ascending order', () => {
    expect(notes.map((n) => n.name)).toEqual([
      'Low G',
      'Low A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'High G',
      'High A',
    ]);
    expect(pitches).toEqual(['LG', 'LA', 'B', 'C', 'D', 'E', 'F', 'HG', 'HA']);
  });

  it('R-3.NOTES-02 has the standard frequencies, rising with the scale', () => {
    expect(notes.map((n) => n.frequency)).toEqual([426, 480, 540, 600, 640, 720, 800, 840, 960]);
    for (let i = 1; i < notes.length; i++) {
      expect(notes[i]!.frequency).toBeGreaterThan(notes[i - 1]!.frequency);
    }
  });

  it('R-3.NOTES-03 has the staff positions', () => {
    expect(notes.map((n) => n.staff)).toEqual([
      'g/4',
      'a/4',
      'b/4',
      'c/5',
      'd/5',
      'e/5',
      'f/5',
      'g/5',
      'a/5',
    ]);
  });

  it('looks notes up by pitch and scale degree', () => {
    expect(noteOf('HG')).toMatchObject({ name: 'High G', frequency: 840, staff: 'g/5' });
    expect(scaleIndex('LG')).toBe(0);
    expect(scaleIndex('HA')).toBe(8);
  });

  it('rejects values that are not chanter pitches', () => {
    expect(isPitch('LA')).toBe(true);
    expect(isPitch('A')).toBe(false);
    expect(isPitch(3)).toBe(false);
    expect(() => noteOf('X' as never)).toThrow(/Unknown chanter pitch/);
  });
});
