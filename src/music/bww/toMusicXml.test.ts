import { describe, expect, it } from 'vitest';
import { parseBww } from './parseBww.ts';
import { findAll, parseXml } from './testing/parseXml.ts';
import { toMusicXml } from './toMusicXml.ts';

// Written for this test: graces, beams, a tie, a triplet, repeats, endings, C_ time.
const source = [
  'TuneTempo,80',
  '"Export & Test <1>",(T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0)',
  '"Chanterlab",(M,R,0,0,Times New Roman,10,400,0,0,18,0,0,0)',
  "& sharpf sharpc 2_4 I!'' gg LAr_8 'la Bl_16 dbc Cr_8 El_8",
  "! ^ts E_4 ^te E_4 ! ^3s Dr_16 Cr_16 Bl_16 ^3e naturalc C_4 fermatc '1 LA_4 _' ''!I",
  "& sharpf sharpc C_ I! '2 grp LA_2 _' !I",
].join('\n');

const tune = parseBww(source).tunes[0]!;
const xml = toMusicXml(tune);
const root = parseXml(xml);

describe('MusicXML 4.0 export', () => {
  it('is well-formed partwise MusicXML 4.0', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"')).toBe(true);
    expect(root.name).toBe('score-partwise');
    expect(root.attributes.version).toBe('4.0');
    expect(root.children.map((c) => c.name)).toEqual([
      'work',
      'identification',
      'part-list',
      'part',
    ]);
    expect(findAll(root, 'work-title')[0]?.text).toBe('Export & Test <1>');
    expect(findAll(root, 'creator')[0]?.text).toBe('Chanterlab');
  });

  it('writes one measure per bar, with pipe key, clef and time', () => {
    const measures = findAll(root, 'measure');
    expect(measures.map((m) => m.attributes.number)).toEqual(['1', '2', '3', '4']);
    expect(findAll(root, 'fifths')[0]?.text).toBe('2');
    expect(findAll(root, 'sign')[0]?.text).toBe('G');
    const times = findAll(root, 'time');
    expect(times.map((t) => t.attributes.symbol ?? '')).toEqual(['', 'cut']);
    expect(findAll(root, 'print')).toHaveLength(1);
  });

  it('writes embellishments as stem-up grace notes, beamed when several', () => {
    const notes = findAll(root, 'note');
    const graces = notes.filter((n) => n.children.some((c) => c.name === 'grace'));
    // gg (1) + dbc (3) + grp (3)
    expect(graces).toHaveLength(7);
    expect(graces.every((g) => findAll(g, 'stem')[0]?.text === 'up')).toBe(true);
    expect(graces.every((g) => findAll(g, 'duration').length === 0)).toBe(true);
    const dbc = graces.slice(1, 4).map((g) => findAll(g, 'beam')[0]?.text);
    expect(dbc).toEqual(['begin', 'continue', 'end']);
    const steps = graces.slice(1, 4).map((g) => findAll(g, 'step')[0]?.text);
    expect(steps).toEqual(['G', 'C', 'D']);
  });

  it('issue 15.4: names each embellishment on its first grace note, hidden from the page', () => {
    const hints = findAll(root, 'other-notation');
    expect(hints.map((h) => h.text)).toEqual(['gg', 'dbc', 'grp']);
    expect(hints.every((h) => h.attributes['print-object'] === 'no')).toBe(true);
  });

  it('writes melody stems down, dots, beams, ties, tuplets, fermatas, accidentals', () => {
    const melody = findAll(root, 'note').filter((n) => !n.children.some((c) => c.name === 'grace'));
    expect(melody.every((n) => findAll(n, 'stem')[0]?.text === 'down')).toBe(true);
    expect(findAll(melody[0]!, 'dot')).toHaveLength(1);
    expect(melody.slice(0, 2).map((n) => findAll(n, 'beam')[0]?.text)).toEqual(['begin', 'end']);
    expect(findAll(root, 'tied').map((t) => t.attributes.type)).toEqual(['start', 'stop']);
    expect(findAll(root, 'tuplet').map((t) => t.attributes.type)).toEqual(['start', 'stop']);
    expect(findAll(root, 'actual-notes').map((t) => t.text)).toEqual(['3', '3', '3']);
    expect(findAll(root, 'fermata')).toHaveLength(1);
    expect(findAll(root, 'accidental').map((a) => a.text)).toEqual(['natural']);
    // A quaver dotted is three times a semiquaver.
    const d = (i: number): number => Number(findAll(melody[i]!, 'duration')[0]?.text);
    expect(d(0)).toBe(3 * d(1));
  });

  it('writes repeats and endings', () => {
    const repeats = findAll(root, 'repeat').map((r) => r.attributes.direction);
    expect(repeats).toEqual(['forward', 'backward']);
    const endings = findAll(root, 'ending').map(
      (e) => `${e.attributes.number}:${e.attributes.type}`,
    );
    expect(endings).toEqual(['1:start', '1:stop', '2:start', '2:stop']);
  });

  it('ends a time line the file never closed with the tune', () => {
    const open = parseXml(toMusicXml(parseBww("& '2 LA_4 B_4 ! C_2 !t").tunes[0]!));
    const endings = findAll(open, 'ending').map(
      (e) => `${e.attributes.number}:${e.attributes.type}`,
    );
    expect(endings).toEqual(['2:start', '2:discontinue']);
  });

  it('names the bagpipe as the instrument', () => {
    expect(findAll(root, 'midi-program')[0]?.text).toBe('110');
  });

  it('writes the tempo', () => {
    expect(findAll(root, 'sound')[0]?.attributes.tempo).toBe('80');
  });

  it('issue 15.9: writes a tempo change in the music as a metronome mark in its measure', () => {
    const changed = parseBww('TuneTempo,80\n& 2_4 LA_4 B_4 !\nTuneTempo,100\nC_4 D_4 !t').tunes[0]!;
    const measures = findAll(parseXml(toMusicXml(changed)), 'measure');
    const tempos = measures.map((m) => findAll(m, 'sound').map((x) => x.attributes.tempo));
    expect(tempos).toEqual([['80'], ['100']]);
  });
});

describe('the test XML checker', () => {
  it.each(['<a><b></a></b>', '<a>&nbsp;</a>', '<a x="1" x="2"/>', '<a/><b/>', '<a>', '<a x=1/>'])(
    'rejects %s',
    (bad) => {
      expect(() => parseXml(bad)).toThrow();
    },
  );
});
