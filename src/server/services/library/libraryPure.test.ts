/**
 * The library services' pure parts (issue 15 items 2, 5, 6): tune types from catalogue words,
 * the search preview, the find alignment, the built-in tunes' seed input.
 */
import { describe, expect, it } from 'vitest';
import { TUNE_TYPES } from '../../../contracts/library/libraryTerms.ts';
import { builtinTuneDir, readBuiltinTunes } from './builtinTunes.ts';
import { bestLocalAlignment } from './findInLibrary.ts';
import { previewOf } from './libraryRows.ts';
import { tuneTypeOf } from './tuneFacts.ts';

describe('tuneTypeOf (issue 15.2)', () => {
  it("issue 15.2: 'March' takes its time signature; other words map to TUNE_TYPES", () => {
    expect(tuneTypeOf('March', '2/4')).toBe('2/4 march');
    expect(tuneTypeOf('March', '6/8')).toBe('6/8 march');
    expect(tuneTypeOf('March', '3/4')).toBe('3/4 march');
    expect(tuneTypeOf('March', 'C')).toBe('4/4 march');
    expect(tuneTypeOf('2/4 March', null)).toBe('2/4 march');
    expect(tuneTypeOf('Retreat March', '3/4')).toBe('retreat');
    expect(tuneTypeOf('Slow Air', '3/4')).toBe('slow air');
    expect(tuneTypeOf('Jig', '6/8')).toBe('jig');
    expect(tuneTypeOf('Reel', '2/2')).toBe('reel');
    expect(tuneTypeOf('Waltz', '3/4')).toBe('other');
    expect(tuneTypeOf('', null)).toBe('other');
  });
});

describe('readBuiltinTunes (issue 15.2: seed input without import.meta.glob)', () => {
  it('issue 15.2: every .bww file is one input with a known type and time', () => {
    const inputs = readBuiltinTunes();
    expect(inputs.length).toBeGreaterThanOrEqual(20);
    expect(builtinTuneDir()).toMatch(/music\/library\/$/);
    for (const input of inputs) {
      expect(TUNE_TYPES).toContain(input.type);
      expect(input.type, input.id).not.toBe('other');
      expect(input.timeSignature, input.id).not.toBe('other');
      expect(input.licence).toBe('public-domain');
    }
    const brave = inputs.find((input) => input.id === 'scotland-the-brave');
    expect(brave).toMatchObject({
      title: 'Scotland the Brave',
      type: '4/4 march',
      timeSignature: '4/4',
      composer: 'Traditional',
    });
    const mairi = inputs.find((input) => input.id === 'mairis-wedding');
    expect(mairi?.aliases).toContain('Lewis Bridal Song');
  });
});

describe('previewOf (issue 15.5: a small preview)', () => {
  it('issue 15.5: the header and the first staff line only', () => {
    const bww = [
      'Bagpipe Reader:1.0',
      '"Tune",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)',
      '',
      '& sharpf sharpc 4_4',
      "\tI!'' gg LA_4 B_4 C_4 D_4",
      '!\tE_4 F_4 HG_4 HA_4 !t',
      '',
      '& sharpf sharpc',
      '\tLA_4 B_4 C_4 D_4 !I',
    ].join('\r\n');
    const preview = previewOf(bww);
    expect(preview).toContain('"Tune"');
    expect(preview).toContain('HA_4 !t');
    expect(preview).not.toContain('!I');
    expect(previewOf(`& ${'LA_4 '.repeat(1000)}`).length).toBe(2000);
  });
});

describe('bestLocalAlignment (issue 15.6: wrong and missing notes forgiven)', () => {
  const tune = [0, 1, 2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2, 1];
  it('issue 15.6: an exact fragment scores its length and says where it starts', () => {
    expect(bestLocalAlignment([5, 6, 7, 8, 7, 6, 5, 4], tune)).toEqual({ score: 8, start: 5 });
  });
  it('issue 15.6: one wrong note costs two, a dropped note one', () => {
    expect(bestLocalAlignment([5, 6, 7, 0, 7, 6, 5, 4], tune).score).toBe(6);
    // Eight notes played, the tune's 8 (High A) left out: eight matches less one gap.
    expect(bestLocalAlignment([5, 6, 7, 7, 6, 5, 4, 3], tune)).toEqual({ score: 7, start: 5 });
  });
});
