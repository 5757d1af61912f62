import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { barOfNote, foldRuns, pageNote, tuneMelody } from './tuneMelody.ts';

const bww = (music: string) =>
  parseBww(`"T",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n\n& sharpf sharpc 2_4\n${music}\n`)
    .tunes[0]!;

describe('tuneMelody (issue 15.6)', () => {
  it('issue 15.6: melody notes only, grace notes left out, with their page bars', () => {
    const tune = bww('I! gg LA_4 dbb B_4 ! strla C_8 E_8 gg C_4 ! HA_2 !I');
    const melody = tuneMelody(tune);
    // LA B | C E C | HA as degrees 1 2 | 3 5 3 | 8: the gg, doubling and strike are not notes.
    expect(melody.degrees).toEqual([1, 2, 3, 5, 3, 8]);
    expect(melody.barStarts).toEqual([0, 2, 5]);
    expect([0, 1, 2, 4, 5].map((i) => barOfNote(melody.barStarts, i))).toEqual([1, 1, 2, 2, 3]);
  });

  it('issue 15.6: in playing order: a repeated part twice, each note knowing its page place', () => {
    const tune = bww("I!'' LA_4 B_4 ! C_4 D_4 ''!I\n& sharpf sharpc\nI! E_4 F_4 ! HG_2 !I");
    const melody = tuneMelody(tune);
    expect(melody.degrees).toEqual([1, 2, 3, 4, 1, 2, 3, 4, 5, 6, 7]);
    // Play index 4 is the repeat's first note again (page note 0); 8 is page note 4.
    expect([0, 3, 4, 7, 8, 10].map((at) => pageNote(melody.jumps, at))).toEqual([0, 3, 0, 3, 4, 6]);
  });

  it('issue 15.6: a tied note is held as one note', () => {
    const melody = tuneMelody(bww('I! LA_4 ^ts B_4 ! B_4 ^te C_4 !I'));
    expect(melody.degrees).toEqual([1, 2, 3]);
    expect(pageNote(melody.jumps, 2)).toBe(3);
  });

  it('issue 15.6: an empty bar shares its start with the bar that holds the note', () => {
    expect(barOfNote([0, 2, 2, 5], 2)).toBe(3);
    expect(barOfNote([0, 2, 2, 5], 9)).toBe(4);
  });

  it('issue 15.6: folding runs of one pitch', () => {
    expect(foldRuns('1123334441')).toBe('12341');
    expect(foldRuns('')).toBe('');
  });
});
