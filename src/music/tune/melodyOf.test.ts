import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { melodyNotesOf, melodyOf } from './melodyOf.ts';

describe('melodyOf (issue 15.3/15.6: the melody kept for similarity and find)', () => {
  it('issue 15.6: melody notes in page order with their bars; grace notes left out', () => {
    const [tune] = parseBww(
      '& sharpf sharpc 2_4 gg LA_4 dbc Cr_8 El_8 ! thrd D_4 strla B_4 !t',
    ).tunes;
    expect(melodyOf(tune!)).toBe('LA C E D B');
    expect(melodyNotesOf(tune!).map((n) => n.bar)).toEqual([1, 1, 1, 2, 2]);
  });

  it('issue 15.6: a tied note is one note held on', () => {
    const [tune] = parseBww('& sharpf sharpc 2_4 LA_4 ^ts LA_4 ^te ! LA_4 B_4 !t').tunes;
    expect(melodyOf(tune!)).toBe('LA LA B');
  });
});
