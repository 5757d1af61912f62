import { describe, expect, it } from 'vitest';
import type { Note, Tune } from '../tune/tune.ts';
import { barsOf, notesOf, tuneText } from '../tune/tune.ts';
import { parseBww } from './parseBww.ts';
import { writeBww } from './writeBww.ts';

// Small tunes written for these tests (not taken from any collection).
const header = [
  'Bagpipe Reader:1.0',
  'MIDINoteMappings,(54,56,58,59,61,63,64,66,68,56,58,60,61,63,65,66,68,70,55,57,59,60,62,64,65,67,69)',
  'TuneTempo,84',
  '"Test March",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)',
  '"March",(Y,C,0,0,Times New Roman,14,400,0,0,18,0,0,0)',
  '"Chanterlab",(M,R,0,0,Times New Roman,10,400,0,0,18,0,0,0)',
  '"page 1",(F,C,0,0,Times New Roman,10,400,0,0,18,0,0,0)',
].join('\n');

const music = [
  "& sharpf sharpc 2_4 I!'' gg LAr_8 'la Bl_16",
  '! dbc Cr_8 El_8 grp LA_4 !',
  "thrd D_4 ^ts E_4 ! E_8 ^te strla Er_8 fermate REST_8 space ''!I",
  '& sharpf sharpc I! ^3s Dr_16 Cr_16 Bl_16 ^3e naturalc C_4 !',
  "LA_4 ^tla LA_4 ! 'intro HA_8 HG_8 F_8 ^3f _' !t",
  "& sharpf sharpc C_ '1 E_2 _' '2 LA_2 _' !I",
].join('\n');

function only<T>(items: readonly T[]): T {
  expect(items).toHaveLength(1);
  return items[0] as T;
}

describe('BWW reader (R-1.PRODUCT-03 song import)', () => {
  it('reads header, tempo and texts', () => {
    const { tunes, warnings } = parseBww(`${header}\n\n${music}\n`);
    expect(warnings).toEqual([]);
    const tune = only(tunes);
    expect(tune.header[0]).toBe('Bagpipe Reader:1.0');
    expect(tune.tempo).toBe(84);
    expect(tuneText(tune, 'title')).toBe('Test March');
    expect(tuneText(tune, 'type')).toBe('March');
    expect(tuneText(tune, 'composer')).toBe('Chanterlab');
    expect(tuneText(tune, 'footer')).toBe('page 1');
  });

  it('reads staves into parts, lines and bars with their markers', () => {
    const tune = only(parseBww(`${header}\n${music}`).tunes);
    expect(tune.parts).toHaveLength(2);
    const [first, second] = tune.parts;
    expect(first?.lines).toHaveLength(1);
    expect(second?.lines).toHaveLength(2);
    const line = first?.lines[0];
    expect(line?.key).toEqual(['sharpf', 'sharpc']);
    expect(line?.time).toMatchObject({ beats: 2, beatType: 4 });
    expect(line?.bars.map((b) => [b.open, b.close])).toEqual([
      ['repeat', 'bar'],
      [null, 'bar'],
      [null, 'bar'],
      [null, 'repeat'],
    ]);
    expect(second?.lines[1]?.time).toMatchObject({ symbol: 'cut' });
  });

  it('reads notes with beams, dots, embellishments, ties, fermatas, rests, accidentals', () => {
    const tune = only(parseBww(`${header}\n${music}`).tunes);
    const notes = notesOf(tune);
    expect(notes[0]).toMatchObject({ pitch: 'LA', duration: 8, dots: 1, beam: 'right' });
    expect(notes[0]?.embellishments).toEqual([{ family: 'grace', code: 'gg' }]);
    expect(notes[1]).toMatchObject({ pitch: 'B', duration: 16, beam: 'left' });
    expect(notes[2]?.embellishments[0]).toEqual({ family: 'doubling', code: 'dbc' });
    const tied = notes.filter((n) => n.tie);
    expect(tied.map((n) => n.pitch)).toEqual(['E', 'LA']);
    expect(notes.find((n) => n.fermata)).toMatchObject({ pitch: 'E', duration: 8 });
    expect(notes.find((n) => n.accidental)).toMatchObject({ pitch: 'C', accidental: 'natural' });
    const items = barsOf(tune).flatMap((b) => b.items);
    expect(items.filter((i) => i.kind === 'rest')).toEqual([
      { kind: 'rest', duration: 8, dots: 0, tupletStart: null, tupletEnd: false },
    ]);
    expect(items.filter((i) => i.kind === 'space')).toHaveLength(1);
  });

  it('reads the pipe key signature before a bare first note as the key, not the note', () => {
    for (const first of ['LA_4', 'C_4', 'F_4']) {
      const tune = only(parseBww(`${header}\n& sharpf sharpc 4_4 ${first} B_4 C_4 D_4 !t`).tunes);
      expect(tune.parts[0]?.lines[0]?.key).toEqual(['sharpf', 'sharpc']);
      expect(notesOf(tune)[0]?.accidental).toBeNull();
    }
    const own = only(parseBww(`${header}\n& sharpf sharpc naturalc C_4 B_4 !t`).tunes);
    expect(own.parts[0]?.lines[0]?.key).toEqual(['sharpf', 'sharpc']);
    expect(notesOf(own)[0]).toMatchObject({ pitch: 'C', accidental: 'natural' });
  });

  it('reads new- and old-style triplets', () => {
    const notes = notesOf(only(parseBww(`${header}\n${music}`).tunes));
    const starts = notes.filter((n) => n.tupletStart);
    const ends = notes.filter((n) => n.tupletEnd);
    expect(starts.map((n) => n.pitch)).toEqual(['D', 'HA']);
    expect(ends.map((n) => n.pitch)).toEqual(['B', 'F']);
    expect(starts[0]?.tupletStart).toEqual({ actual: 3, normal: 2 });
  });

  it('reads time lines and endings', () => {
    const items = barsOf(only(parseBww(music).tunes)).flatMap((b) => b.items);
    const lines = items.filter((i) => i.kind === 'timeline' || i.kind === 'timeline-end');
    expect(lines.map((i) => (i.kind === 'timeline' ? i.label : 'end'))).toEqual([
      'intro',
      'end',
      '1',
      'end',
      '2',
      'end',
    ]);
  });

  it('starts a tuplet written just after a tie end on the tied-to note', () => {
    const { tunes, warnings } = parseBww(
      '& 3_8 ^ts E_4 Er_16 ^te ^3s Dl_16 Cl_16 ^3e ! ^ts B_4 ^3s Br_16 ^te ^3s LAl_16 LGl_16 ^3e !t',
    );
    expect(warnings).toEqual([]);
    const notes = notesOf(only(tunes));
    expect(notes.filter((n) => n.tupletStart).map((n) => n.pitch)).toEqual(['E', 'B']);
    expect(notes[1]).toMatchObject({ pitch: 'E', duration: 16, tupletStart: { actual: 3 } });
    expect(notes.filter((n) => n.tupletEnd).map((n) => n.pitch)).toEqual(['C', 'LG']);
  });

  it('keeps a tuplet written after a tie end on the next note when it is one note too long', () => {
    const notes = notesOf(only(parseBww('& ^ts D_4 D_8 ^te ^3s Er_16 Dr_16 Cl_16 ^3e !t').tunes));
    expect(notes.filter((n) => n.tupletStart).map((n) => n.pitch)).toEqual(['E']);
  });

  it('ends a tuplet left open at the bar line', () => {
    const { tunes, warnings } = parseBww('& ^3s Er_16 Dr_16 Cl_16 ! B_4 !t');
    expect(notesOf(only(tunes)).map((n) => n.tupletEnd)).toEqual([false, false, true, false]);
    expect(warnings.map((w) => [w.kind, w.token])).toEqual([['misplaced-token', '!']]);
  });

  it('reads piobaireachd movements', () => {
    const { tunes, warnings } = parseBww(
      '& 6_4 cadged E_4 echola E_4 dbd D_4 rodin LA_2 pelc C_4 ptripla LA_4 crunl E_4 !t',
    );
    expect(warnings).toEqual([]);
    expect(notesOf(only(tunes)).map((n) => n.embellishments[0]?.family)).toEqual([
      'cadence',
      'echo',
      'doubling',
      'rodin',
      'pele',
      'tripling',
      'crunluath',
    ]);
  });

  it('reads irregular groups', () => {
    const notes = notesOf(only(parseBww('& ^43s Er_16 Dr_16 Cr_16 Bl_16 ^43e !t').tunes));
    expect(notes[0]?.tupletStart).toEqual({ actual: 4, normal: 3 });
    expect(notes[3]?.tupletEnd).toBe(true);
  });

  it('splits multi-tune files at a new header or title', () => {
    const two = `${header}\n${music}\n${header.replace('Test March', 'Second')}\n${music}`;
    const { tunes } = parseBww(two);
    expect(tunes.map((t) => tuneText(t, 'title'))).toEqual(['Test March', 'Second']);
    const byTitle = `"One",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n& LA_4 !t\n"Two",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n& B_4 !t`;
    expect(parseBww(byTitle).tunes.map((t) => tuneText(t, 'title'))).toEqual(['One', 'Two']);
  });

  it('reads CRLF, CR and LF alike', () => {
    const lf = parseBww(`${header}\n${music}`).tunes;
    expect(parseBww(`${header}\r\n${music}`.replace(/\n/g, '\r\n')).tunes).toEqual(lf);
    expect(parseBww(`${header}\n${music}`.replace(/\n/g, '\r')).tunes).toEqual(lf);
  });

  it('decodes UTF-8 and Latin-1 bytes', () => {
    const text = '"Mairi’s Ceòl",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)\n& LA_4 !t';
    const utf8 = new TextEncoder().encode(text);
    expect(tuneText(only(parseBww(utf8).tunes), 'title')).toBe('Mairi’s Ceòl');
    expect(tuneText(only(parseBww(utf8.buffer).tunes), 'title')).toBe('Mairi’s Ceòl');
    const latin1 = Uint8Array.from('"Ceòl",(T,L)\n& LA_4 !t', (c) => c.charCodeAt(0));
    expect(tuneText(only(parseBww(latin1).tunes), 'title')).toBe('Ceòl');
  });

  it('splits glued tokens', () => {
    const { tunes, warnings } = parseBww("& I!''F_8 E_8 !IEr_16 Dl_16 !t");
    expect(warnings).toEqual([]);
    const tune = only(tunes);
    expect(notesOf(tune).map((n: Note) => n.pitch)).toEqual(['F', 'E', 'E', 'D']);
    expect(barsOf(tune)[0]).toMatchObject({ open: 'repeat', close: 'part' });
  });

  it("issue 15.9: reads glued part, repeat, bar and line marks ('!It', \"''!It\", …)", () => {
    const source = [
      "& sharpf sharpc 2_4 I!'' LA_4 ! B_4 ''!It",
      '& sharpf sharpc I! C_4 !It',
      "& sharpf sharpc I!'' D_4 ''!I!t",
      "& sharpf sharpc I! E_4 !tI!'' F_4 ''!II!''HG_4 !!t",
    ].join('\n');
    const { tunes, warnings } = parseBww(source);
    expect(warnings).toEqual([]);
    const tune = only(tunes);
    expect(barsOf(tune).map((b) => [b.open, b.close])).toEqual([
      ['repeat', 'bar'],
      [null, 'repeat'],
      ['part', 'part'],
      ['repeat', 'repeat'],
      ['part', 'line'],
      ['repeat', 'repeat'],
      ['repeat', 'double'],
    ]);
    expect(tune.parts).toHaveLength(4);
    expect(notesOf(tune).map((n) => n.pitch)).toEqual(['LA', 'B', 'C', 'D', 'E', 'F', 'HG']);
  });

  it('issue 15.9: reads a TuneTempo line inside the music as a tempo change from that bar on', () => {
    const source = [
      'TuneTempo,80',
      '"Tempo Test",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)',
      '& sharpf sharpc 2_4 I! LA_4 B_4 !',
      'TuneTempo,100',
      'C_4 D_4 !t',
      '& sharpf sharpc E_4 F_4 !I',
      'TuneTempo,90',
      '"Next Tune",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)',
      '& sharpf sharpc 2_4 LA_4 !I',
    ].join('\n');
    const { tunes, warnings } = parseBww(source);
    expect(warnings).toEqual([]);
    expect(tunes).toHaveLength(2);
    const [first, second] = tunes as [Tune, Tune];
    expect(first.tempo).toBe(80);
    expect(barsOf(first).map((b) => b.items.map((i) => i.kind))).toEqual([
      ['note', 'note'],
      ['tempo', 'note', 'note'],
      ['note', 'note'],
    ]);
    expect(barsOf(first)[1]?.items[0]).toEqual({ kind: 'tempo', bpm: 100 });
    // Before a next tune's title it is still that tune's own tempo, not a change.
    expect(second.tempo).toBe(90);
    expect(tuneText(second, 'title')).toBe('Next Tune');
    // Written back as a tempo line of its own that reads back the same.
    const again = parseBww(writeBww(tunes));
    expect(again.warnings).toEqual([]);
    expect(again.tunes).toEqual(tunes);
  });

  it('warns with line and column on unknown or misplaced tokens and keeps the rest', () => {
    const { tunes, warnings } = parseBww('& LA_4 bogus ^3e B_4\n\'la C_4\n"unfinished');
    expect(notesOf(only(tunes)).map((n) => n.pitch)).toEqual(['LA', 'B', 'C']);
    expect(warnings.map((w) => [w.kind, w.token, w.line, w.column])).toEqual([
      ['unknown-token', 'bogus', 1, 8],
      ['misplaced-token', '^3e', 1, 14],
      ['unterminated-text', '"unfinished', 3, 1],
    ]);
  });

  it('makes no empty bar of a line end right after a bar line', () => {
    const bars = barsOf(only(parseBww('& LA_4 !I!t\n& B_4 !!t').tunes));
    expect(bars.map((b) => b.close)).toEqual(['part', 'double']);
  });

  it('warns about an embellishment left without a note', () => {
    const { warnings } = parseBww('& LA_4 gg');
    expect(warnings.map((w) => w.kind)).toEqual(['dangling-embellishment']);
  });

  it('reads an empty file as no tunes', () => {
    expect(parseBww('')).toMatchObject({ tunes: [], warnings: [] });
  });
});
