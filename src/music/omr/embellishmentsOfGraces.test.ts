import { describe, expect, it } from 'vitest';
import { embellishmentsOfGraces } from './embellishmentsOfGraces.ts';

const codes = (r: ReturnType<typeof embellishmentsOfGraces>): string[] =>
  r.embellishments.map((e) => e.code);

describe('embellishmentsOfGraces (issue 20.1, grace-note groups → embellishment names)', () => {
  it('issue 20.1: a lone High G gracenote is a G gracenote; between two High As it is a strike', () => {
    expect(codes(embellishmentsOfGraces(['HG'], 'C', 'LA'))).toEqual(['gg']);
    expect(codes(embellishmentsOfGraces(['HG'], 'HA', 'HA'))).toEqual(['strhg']);
  });

  it('issue 20.1: doublings, grips, throws and birls by their grace notes and the note they are on', () => {
    expect(codes(embellishmentsOfGraces(['HG', 'C', 'D'], 'LA', 'C'))).toEqual(['dbc']);
    expect(codes(embellishmentsOfGraces(['LG', 'D', 'LG'], 'B', 'LA'))).toEqual(['grp']);
    expect(codes(embellishmentsOfGraces(['LG', 'D', 'C'], 'B', 'D'))).toEqual(['thrd']);
    expect(codes(embellishmentsOfGraces(['LG', 'LA', 'LG'], 'LA', 'LA'))).toEqual(['brl']);
    // The same grace notes on Low A after Low A: a birl, not a double strike.
    expect(codes(embellishmentsOfGraces(['LG', 'LA', 'LG'], 'LA', 'LA'))).not.toEqual(['st2la']);
  });

  it('issue 20.1: a doubling drawn with its lead after High G is still a doubling', () => {
    expect(codes(embellishmentsOfGraces(['HG', 'F', 'HG'], 'HG', 'F'))).toEqual(['dbf']);
  });

  it('issue 20 (clean pages): graces are read as written first — B D after High G is a half doubling, not a doubling that lost its High G', () => {
    // The renderer draws what the file wrote: `hdbb` after High G shows B D; reading it as `dbb`
    // wrote an High G that was not on the page (Cabar Feidh, bench seed 7).
    expect(codes(embellishmentsOfGraces(['B', 'D'], 'HG', 'B'))).toEqual(['hdbb']);
    expect(codes(embellishmentsOfGraces(['E', 'F'], 'HA', 'E'))).toEqual(['hdbe']);
    expect(codes(embellishmentsOfGraces(['F', 'HG'], 'HG', 'F'))).toEqual(['hdbf']);
  });

  it('issue 20.1: grace notes that name nothing are kept one by one and flagged', () => {
    const r = embellishmentsOfGraces(['E', 'HA', 'B'], 'LA', 'C');
    expect(r.matched).toBe(false);
    expect(codes(r)).toEqual(['eg', 'tg', 'bg']);
  });
});
