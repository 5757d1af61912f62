import { describe, expect, it } from 'vitest';
import { notesOf } from '../tune/tune.ts';
import { parseBww } from './parseBww.ts';
import { writeBww } from './writeBww.ts';

// Written for this test: old-style ties and triplets, a time line, a part and a repeat.
const source = [
  'Bagpipe Reader:1.0',
  'TuneTempo,70',
  '"Round Trip",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)',
  '"no layout"',
  "& sharpf sharpc 6_8 I!'' gg LAr_8 'la Bl_16 dbc Cl_8 ! tar LA_4 'la ^tla LA_4",
  "! HAr_16 HGr_16 Fl_16 ^3f fermatf REST_8 '1 E_4 _' '2 LA_4 _' ''!I",
  '& sharpf sharpc C_ I! ^ts D_2 D_2 ^te ^43s Er_16 Dr_16 Cr_16 Bl_16 ^43e segno !I',
].join('\r\n');

describe('BWW writer', () => {
  it('writes what the reader reads back unchanged', () => {
    const first = parseBww(source);
    expect(first.warnings).toEqual([]);
    const again = parseBww(writeBww(first.tunes));
    expect(again.warnings).toEqual([]);
    expect(again.tunes).toEqual(first.tunes);
  });

  it('writes ties and tuplets in the new style', () => {
    const text = writeBww(parseBww(source).tunes);
    expect(text).not.toMatch(/\^tla|\^3f/);
    expect(text).toContain("^ts tar LA_4 'la LA_4");
    // The tie's end waits until after the tuplet start ('^te ^3s' would move the group).
    expect(text).toContain('^3s ^te HAr_16 HGr_16 Fl_16 fermatf ^3e');
    expect(text).toContain('^43s ^te Er_16');
  });

  it('keeps a tie chain across several notes', () => {
    const tunes = parseBww('& ^ts LA_4 ^ts LA_4 ^te LA_4 ^te !t').tunes;
    expect(notesOf(tunes[0]!).map((n) => n.tie)).toEqual([true, true, false]);
    expect(writeBww(tunes)).toContain('^ts LA_4 ^ts LA_4 ^te LA_4 ^te');
    expect(parseBww(writeBww(tunes)).tunes).toEqual(tunes);
  });

  it('keeps several tunes apart', () => {
    const two = `${source}\r\n${source.replace('Round Trip', 'Second')}`;
    const tunes = parseBww(two).tunes;
    expect(tunes).toHaveLength(2);
    expect(parseBww(writeBww(tunes)).tunes).toEqual(tunes);
  });
});
