import { describe, expect, it } from 'vitest';
import { classifyToken, splitGlued, tupletDigits } from './classifyToken.ts';

describe('BWW vocabulary', () => {
  it('reads melody notes with beam side and value', () => {
    expect(classifyToken('Er_8')).toEqual({ type: 'note', pitch: 'E', beam: 'right', duration: 8 });
    expect(classifyToken('HGl_16')).toEqual({
      type: 'note',
      pitch: 'HG',
      beam: 'left',
      duration: 16,
    });
    expect(classifyToken('LA_4')).toEqual({ type: 'note', pitch: 'LA', beam: null, duration: 4 });
    expect(classifyToken('LA_3')).toBeNull();
  });

  it('reads time signatures, including C and C_', () => {
    expect(classifyToken('6_8')).toMatchObject({ type: 'time', time: { beats: 6, beatType: 8 } });
    expect(classifyToken('C')).toMatchObject({ time: { beats: 4, beatType: 4, symbol: 'common' } });
    expect(classifyToken('C_')).toMatchObject({ time: { beats: 2, beatType: 2, symbol: 'cut' } });
    expect(classifyToken('3_5')).toBeNull();
  });

  it('reads bar lines, part and repeat markers', () => {
    expect(classifyToken('!')).toEqual({ type: 'close', close: 'bar' });
    expect(classifyToken('!t')).toEqual({ type: 'close', close: 'line' });
    expect(classifyToken('!I')).toEqual({ type: 'close', close: 'part' });
    expect(classifyToken("''!I")).toEqual({ type: 'close', close: 'repeat' });
    expect(classifyToken('I!')).toEqual({ type: 'open', open: 'part' });
    expect(classifyToken("I!''")).toEqual({ type: 'open', open: 'repeat' });
  });

  it('reads dots, rests, fermatas, accidentals, ties, tuplets, time lines', () => {
    expect(classifyToken("'la")).toEqual({ type: 'dot', dots: 1 });
    expect(classifyToken("''hg")).toEqual({ type: 'dot', dots: 2 });
    expect(classifyToken('REST_4')).toEqual({ type: 'rest', duration: 4 });
    expect(classifyToken('fermatb')).toEqual({ type: 'fermata' });
    expect(classifyToken('naturalc')).toMatchObject({ type: 'accidental', accidental: 'natural' });
    expect(classifyToken('^ts')).toEqual({ type: 'tie-start' });
    expect(classifyToken('^te')).toEqual({ type: 'tie-end-or-old' });
    expect(classifyToken('^tla')).toEqual({ type: 'tie-old' });
    expect(classifyToken('^3s')).toMatchObject({ tuplet: { actual: 3, normal: 2 } });
    expect(classifyToken('^3e')).toEqual({ type: 'triplet-end-or-old' });
    expect(classifyToken('^3c')).toEqual({ type: 'triplet-old' });
    expect(classifyToken('^43s')).toMatchObject({ tuplet: { actual: 4, normal: 3 } });
    expect(classifyToken("'22")).toEqual({ type: 'timeline', label: '22' });
    expect(classifyToken("'intro")).toEqual({ type: 'timeline', label: 'intro' });
    expect(classifyToken("_'")).toEqual({ type: 'timeline-end' });
    expect(classifyToken('space')).toEqual({ type: 'space' });
    expect(classifyToken('segno')).toEqual({ type: 'mark', code: 'segno' });
  });

  it('reads embellishments from the one table', () => {
    expect(classifyToken('dbhg')).toEqual({
      type: 'embellishment',
      embellishment: { family: 'doubling', code: 'dbhg' },
    });
    expect(classifyToken('rodin')).toMatchObject({ embellishment: { family: 'rodin' } });
    expect(classifyToken('Dbhg')).toBeNull();
  });

  it('writes tuplet digits back', () => {
    expect(tupletDigits({ actual: 3, normal: 2 })).toBe('3');
    expect(tupletDigits({ actual: 2, normal: 3 })).toBe('2');
    expect(tupletDigits({ actual: 7, normal: 4 })).toBe('74');
  });
});

describe('glued tokens', () => {
  it('splits words that writers ran together', () => {
    expect(splitGlued('!IEr_16')).toEqual(['!I', 'Er_16']);
    expect(splitGlued("I!''F_8")).toEqual(["I!''", 'F_8']);
    expect(splitGlued('!I!t')).toEqual(['!I', '!t']);
    expect(splitGlued('!!tLA_4')).toEqual(['!!t', 'LA_4']);
    expect(splitGlued('ggLA_4')).toEqual(['gg', 'LA_4']);
  });

  it('gives up on words that are not music', () => {
    expect(splitGlued('Loganside')).toBeNull();
    expect(splitGlued('x'.repeat(500))).toBeNull();
  });

  it('issue 15.9: reads every glued pair of bar, part, repeat and line marks', () => {
    const marks = ['!', '!!', '!t', '!!t', '!I', "''!I", 'I!', "I!''", '!It', "''!It"];
    expect(classifyToken('!It')).toEqual({ type: 'close', close: 'part' });
    expect(classifyToken("''!It")).toEqual({ type: 'close', close: 'repeat' });
    for (const a of marks) {
      for (const b of marks) {
        const word = a + b;
        expect(classifyToken(word) ?? splitGlued(word), word).not.toBeNull();
      }
    }
  });
});
