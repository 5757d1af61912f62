/**
 * The library services' pure parts (issue 15 items 2, 5, 6): tune types from catalogue words,
 * the search preview, the find alignment, the built-in tunes' seed input.
 */
import { describe, expect, it } from 'vitest';
import { TUNE_TYPES } from '../../../contracts/library/libraryTerms.ts';
import { libraryRights } from '../../../music/library/libraryRights.ts';
import { builtinTuneDir, readBuiltinTunes } from './builtinTunes.ts';
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
    const cock = inputs.find((input) => input.id === 'cock-o-the-north');
    expect(cock?.aliases).toContain('Cock of the North');
  });

  it('issue 15.10: each built-in tune is seeded with its rights record: composer, death year, oldest printing', () => {
    const inputs = readBuiltinTunes();
    expect(inputs.map((input) => input.id).sort()).toEqual(libraryRights.map((r) => r.id).sort());
    const aden = inputs.find((input) => input.id === 'barren-rocks-of-aden')!;
    expect(aden.composer).toBe('James Mauchline / Alexander MacKellar');
    expect(aden.composerDates).toBe('died 1895');
    expect(aden.source).toMatch(/Melody: .*\(1869\)$/);
    expect(aden.notes).toMatch(/^Rights: public domain: composer died 1895/);
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
