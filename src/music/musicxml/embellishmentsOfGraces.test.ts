import { describe, expect, it } from 'vitest';
import { embellishmentTable, graceNotes } from '../tune/embellishments.ts';
import { embellishmentPlaying, embellishmentsOfGraces } from './embellishmentsOfGraces.ts';

describe('grace notes → embellishment names (issue 15.4)', () => {
  it('issue 15.4: names common movements as pipers write them', () => {
    const name = (pitches: string, note: string, prev: string | null = null) =>
      embellishmentPlaying(pitches.split(' ') as never, {
        prev: prev as never,
        note: note as never,
      })?.code;
    expect(name('HG', 'LA')).toBe('gg');
    expect(name('HG', 'HG')).toBe('gg');
    expect(name('HG F', 'HG')).toBe('dbhg');
    expect(name('HG C D', 'C')).toBe('dbc');
    // After High G the doubling loses its lead: written as the half doubling it sounds as.
    expect(name('F HG', 'F', 'HG')).toBe('hdbf');
    expect(name('LG D LG', 'LA')).toBe('grp');
    expect(name('LG D C', 'D')).toBe('thrd');
    expect(name('LG LA LG', 'LA')).toBe('brl');
    expect(name('LG D LG E', 'LA')).toBe('tar');
    expect(name('C D E', 'LA')).toBeUndefined();
  });

  it('issue 15.4: splits a run into as few movements as possible', () => {
    const { embellishments, unnamed } = embellishmentsOfGraces(['HG', 'LG', 'D', 'LG'], {
      prev: 'B',
      note: 'LA',
    });
    // 'hgrphg' plays these four too, but it is made for High G: a gracenote and a grip.
    expect(embellishments.map((e) => e.code)).toEqual(['gg', 'grp']);
    expect(unnamed).toEqual([]);
    const two = embellishmentsOfGraces(['E', 'HG', 'F'], { prev: 'D', note: 'HG' });
    expect(two.embellishments.map((e) => e.code)).toEqual(['eg', 'dbhg']);
  });

  it('issue 15.4: names a lone Low G gracenote as BWW writes it', () => {
    expect(embellishmentsOfGraces(['LG'], { prev: 'D', note: 'LA' })).toEqual({
      embellishments: [{ family: 'strike', code: 'strlg' }],
      unnamed: [],
    });
  });

  it('issue 15.4: every name in the table maps back to one playing the same grace notes', () => {
    for (const code of embellishmentTable.keys()) {
      for (const prev of [null, 'LA', 'D', 'HG'] as const) {
        const context = { prev, note: 'LA' } as const;
        const played = graceNotes(code, context);
        if (played.length === 0) continue;
        const named = embellishmentsOfGraces(played, context);
        expect(named.unnamed, code).toEqual([]);
        expect(
          named.embellishments.flatMap((e) => graceNotes(e, context)),
          code,
        ).toEqual(played);
      }
    }
  });
});
