import { describe, expect, it } from 'vitest';
import { parseBww } from '../src/music/bww/parseBww.ts';
import { corpusLabelOf } from './corpusLabel.ts';

const tuneOf = (type: string, time: string, bar: string) =>
  parseBww(
    `"T",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n"${type}",(Y,C,0,0,Times New Roman,14,400,0,0,18,0,0,0)\n& sharpf sharpc ${time} ${bar} !I`,
  ).tunes[0]!;

describe('bench:composer compares like with like (issue 19, Evaluated honestly)', () => {
  it('issue 19: a corpus tune counts in its form only in the time signature the composer writes that form in', () => {
    const retreat34 = tuneOf('Retreat', '3_4', 'LA_4 B_4 C_4');
    const retreat98 = tuneOf('Retreat', '9_8', 'LA_4 B_8 C_4 D_8 E_4 F_8');
    expect(corpusLabelOf(retreat34, 'x.bww')).toEqual({ label: 'retreat', form: 'retreat' });
    // Counted as a retreat in another signature, not compared with the composer's 3/4 ones.
    expect(corpusLabelOf(retreat98, 'x.bww')).toEqual({ label: null, form: 'retreat' });
    expect(corpusLabelOf(tuneOf('Hornpipe', '2_4', 'LA_4 B_4'), 'x.bww').label).toBe('hornpipe');
    expect(corpusLabelOf(tuneOf('Reel', 'C_', 'LA_2 B_2'), 'x.bww').label).toBe('reel');
    expect(corpusLabelOf(tuneOf('Strathspey', 'C', 'LA_2 B_2'), 'x.bww').label).toBe('strathspey');
    expect(corpusLabelOf(tuneOf('Jig', '9_8', 'LA_4 B_8 C_4 D_8 E_4 F_8'), 'x.bww')).toEqual({
      label: null,
      form: 'jig',
    });
  });

  it('issue 19: airs are compared per signature, marches are named by theirs, other tunes are left alone', () => {
    expect(corpusLabelOf(tuneOf('Slow Air', '6_8', 'LA_4 B_8 C_4 D_8'), 'x.bww').label).toBe(
      'air 6/8',
    );
    expect(corpusLabelOf(tuneOf('Slow Air', '2_4', 'LA_4 B_4'), 'x.bww')).toEqual({
      label: null,
      form: 'slow air',
    });
    expect(corpusLabelOf(tuneOf('March', '6_8', 'LA_4 B_8 C_4 D_8'), 'x.bww').label).toBe(
      '6/8 march',
    );
    expect(corpusLabelOf(tuneOf('Tune', '2_4', 'LA_4 B_4'), 'marches/x.bww').label).toBe(
      '2/4 march',
    );
    // 'air' only as a word: neither a piobaireachd nor 'The Brown Haired Maiden' is an air.
    expect(corpusLabelOf(tuneOf('The Brown Haired Maiden', '2_4', 'LA_4 B_4'), 'x.bww').form).toBe(
      null,
    );
    expect(corpusLabelOf(tuneOf('Piobaireachd', '6_8', 'LA_4 B_8 C_4 D_8'), 'x.bww')).toEqual({
      label: null,
      form: null,
    });
  });
});
