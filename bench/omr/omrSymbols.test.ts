import { describe, expect, it } from 'vitest';
import { parseBww } from '../../src/music/bww/parseBww.ts';
import type { Tune } from '../../src/music/tune/tune.ts';
import { align, scorePage, symbolsOf } from './omrSymbols.ts';

// Written for these tests: two lines of 2/4, a doubling, a High G grace note, a part end.
const source = (line1: string, line2 = 'gg LA_4 LA_4 !I') =>
  `T,"Metric"\n\n&  sharpf sharpc 2_4 I! ${line1} !t\n&  sharpf sharpc ${line2}\n`;
const tune = (line1 = 'gg LA_4 dbe E_4 ! Fr_8 HGl_8 C_4') => parseBww(source(line1)).tunes[0]!;

describe('OMR symbols and symbol error rate (issue 20 Measured)', () => {
  it('issue 20 Measured: notes with duration, grace notes, bar lines and time signatures in page order', () => {
    expect(symbolsOf(tune())).toEqual([
      'time:2/4',
      'bar:part-start',
      'grace:HG',
      'note:LA/4',
      'grace:HG',
      'grace:E',
      'grace:F',
      'note:E/4',
      'bar:single',
      'note:F/8',
      'note:HG/8',
      'note:C/4',
      'bar:single', // !t: the end of a staff is a bar line
      'grace:HG',
      'note:LA/4',
      'note:LA/4',
      'bar:part-end',
    ]);
  });

  it('issue 20 (clean pages): a tie is a symbol after its note, so a reader that misses it is charged', () => {
    const tied = tune('^ts gg LA_4 ^te LA_4 ! Fr_8 HGl_8 C_4');
    expect(symbolsOf(tied).slice(2, 6)).toEqual(['grace:HG', 'note:LA/4', 'tie', 'note:LA/4']);
    const untied = tune('gg LA_4 LA_4 ! Fr_8 HGl_8 C_4');
    expect(scorePage(tied, untied).symbolErrorRate).toBeCloseTo(1 / symbolsOf(tied).length);
  });

  it('issue 20 Measured: identical tunes score 0 and every bar right', () => {
    const score = scorePage(tune(), tune());
    expect(score).toEqual({
      symbols: 17,
      symbolErrorRate: 0,
      bars: 3,
      barsRight: 3,
      graces: 5,
      gracesFound: 5,
    });
  });

  it('issue 20 Measured: one wrong pitch is 1/n and costs its bar only', () => {
    const score = scorePage(tune(), tune('gg LA_4 dbe E_4 ! Fr_8 HGl_8 D_4'));
    expect(score.symbolErrorRate).toBeCloseTo(1 / 17, 10);
    expect(score.barsRight).toBe(2);
    expect(score.gracesFound).toBe(5);
  });

  it('issue 20 Measured: a missed bar line is one error and two bars wrong (they merged)', () => {
    const score = scorePage(tune(), tune('gg LA_4 dbe E_4 Fr_8 HGl_8 C_4'));
    expect(score.symbolErrorRate).toBeCloseTo(1 / 17, 10);
    expect(score.bars).toBe(3);
    expect(score.barsRight).toBe(1);
  });

  it('issue 20 Measured: a missed doubling loses its three grace notes, a missed dot is a wrong duration', () => {
    const score = scorePage(tune(), tune('gg LA_4 E_4 ! Fr_8 HGl_8 C_4'));
    expect(score.symbolErrorRate).toBeCloseTo(3 / 17, 10);
    expect(score.gracesFound).toBe(2);
    const dotted = tune("gg LA_4 dbe E_4 ! Fr_8 'f HGl_16 C_4");
    expect(symbolsOf(dotted)).toContain('note:F/8.');
    expect(
      scorePage(dotted, tune('gg LA_4 dbe E_4 ! Fr_8 HGl_16 C_4')).symbolErrorRate,
    ).toBeCloseTo(
      1 / 17, // F/8. read as F/8
      10,
    );
  });

  it('issue 20 Measured: nothing read scores 1, with no bars or grace notes found', () => {
    expect(scorePage(tune(), null)).toMatchObject({
      symbolErrorRate: 1,
      barsRight: 0,
      gracesFound: 0,
    });
    const empty: Tune = { header: [], tempo: null, texts: [], parts: [] };
    expect(scorePage(empty, tune()).symbolErrorRate).toBe(0);
  });

  it('issue 20 Measured: the alignment keeps the most equal pairs among the cheapest edits', () => {
    // A B C → B C D: deleting A and inserting D keeps B and C; three changes would cost 3.
    expect(align(['A', 'B', 'C'], ['B', 'C', 'D'])).toEqual({
      distance: 2,
      matched: [
        [1, 0],
        [2, 1],
      ],
    });
    expect(align([], ['x']).distance).toBe(1);
    expect(align(['a', 'b'], ['b', 'a'], 2).matched).toHaveLength(1);
  });

  it('issue 20 Measured: bars the renderer does not draw (no note or rest) ask for no bar line', () => {
    // A line opening with `!`, a `I! !` part start and a blank staff of `! ! !I`, as BWW files
    // from Bagpipe Reader often have: scoreLayout folds them away, so the page shows none.
    const bww =
      `T,"Metric"\n\n&  sharpf sharpc 2_4 I! ! LA_4 LA_4 !t\n` +
      `&  sharpf sharpc ! E_4 E_4 !I\n&  sharpf sharpc ! ! ! !I\n`;
    const blank = parseBww(bww).tunes[0]!;
    expect(symbolsOf(blank)).toEqual([
      'bar:part-start',
      'note:LA/4',
      'note:LA/4',
      'bar:single',
      'note:E/4',
      'note:E/4',
      'bar:part-end',
    ]);
  });
});
