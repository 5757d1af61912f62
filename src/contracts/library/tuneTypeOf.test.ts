import { describe, expect, it } from 'vitest';
import { timeSignatureName, tuneTypeOf } from './tuneTypeOf.ts';

describe('issue 15.2: a file’s type text and time become a library tune type', () => {
  it('files a march by its time signature', () => {
    expect(tuneTypeOf('March', '2/4')).toBe('2/4 march');
    expect(tuneTypeOf('March', '6/8')).toBe('6/8 march');
    expect(tuneTypeOf('March', '3/4')).toBe('3/4 march');
    expect(tuneTypeOf('Quick March', 'C')).toBe('4/4 march');
  });
  it('knows the other forms and falls back to other', () => {
    expect(tuneTypeOf('Retreat March', '3/4')).toBe('retreat');
    expect(tuneTypeOf('Slow Air', '3/4')).toBe('slow air');
    expect(tuneTypeOf('Strathspey', 'C')).toBe('strathspey');
    expect(tuneTypeOf('Waltz', '3/4')).toBe('other');
    expect(tuneTypeOf(null, '2/4')).toBe('other');
  });
  it('names time signatures as pipers write them', () => {
    expect(timeSignatureName(6, 8)).toBe('6/8');
    expect(timeSignatureName(4, 4, 'common')).toBe('C');
    expect(timeSignatureName(2, 2, 'cut')).toBe('2/2');
    expect(timeSignatureName(5, 4)).toBe('other');
  });
});
