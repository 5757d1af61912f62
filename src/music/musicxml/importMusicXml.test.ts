import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { mutate, randomBytes, seededRandom } from '../bww/testing/fuzz.ts';
import { toMusicXml } from '../bww/toMusicXml.ts';
import { writeBww } from '../bww/writeBww.ts';
import { libraryTunes } from '../library/libraryTunes.ts';
import { barsOf, tuneText, type Note, type Tune } from '../tune/tune.ts';
import { tuneEvents } from '../tune/tuneEvents.ts';
import { importMusicXml, MAX_MUSICXML_BYTES, type MusicXmlImport } from './importMusicXml.ts';
import { MAX_WARNINGS } from './PartReader.ts';

// Written by hand for these tests in the shape MuseScore 4 saves (see the file's comment).
import fixture from './fixtures/museScoreLike.musicxml?raw';

function imported(xml: string | Uint8Array): MusicXmlImport {
  const result = importMusicXml(xml);
  if (result.error) throw new Error(result.error.message);
  return result.data;
}

const compact = (tune: Tune): string[] =>
  tuneEvents(tune).map((e) => `${e.bar} ${e.kind} ${e.pitch} ${e.duration} ${e.embellishment}`);

/** The events of a tune exported by the app and imported back, hidden names kept or not. */
function roundTrip(tune: Tune, keepNames = true): Tune {
  let xml = toMusicXml(tune);
  if (!keepNames) xml = xml.replace(/<notations><other-notation[^]*?<\/notations>/g, '');
  return imported(xml).tune;
}

describe('MusicXML import (issue 15.4)', () => {
  const { tune, warnings } = imported(fixture);

  it('issue 15.4: reads a MuseScore-like score: graces as named embellishments, ties, triplets, rests', () => {
    expect(compact(tune)).toEqual([
      '1 grace HG 0 gg',
      '1 melody LA 3/16 null',
      '1 melody B 1/16 null',
      '1 grace HG 0 dbc',
      '1 grace C 0 dbc',
      '1 grace D 0 dbc',
      '1 melody C 1/4 null',
      '2 melody D 1/4 null',
      '2 melody D 1/4 null',
      '3 melody E 1/12 null',
      '3 melody F 1/12 null',
      '3 melody HG 1/12 null',
      '3 melody HA 1/4 null',
      '4 grace LG 0 grp',
      '4 grace D 0 grp',
      '4 grace LG 0 grp',
      '4 melody LA 1/2 null',
      '5 melody B 1/4 null',
      '5 melody C 1/4 null',
      '6 rest null 1/4 null',
      '6 grace E 0 eg',
      '6 melody LA 1/4 null',
      '6 rest null 1/4 null',
    ]);
    const notes = barsOf(tune).flatMap((b) => b.items.filter((i): i is Note => i.kind === 'note'));
    expect(notes[3]).toMatchObject({ pitch: 'D', tie: true });
    expect(notes[5]).toMatchObject({ pitch: 'E', tupletStart: { actual: 3, normal: 2 } });
    expect(notes[7]).toMatchObject({ pitch: 'HG', tupletEnd: true });
    expect(notes.at(-1)).toMatchObject({ pitch: 'LA', fermata: true });
    expect(notes[0]).toMatchObject({ beam: 'right', dots: 1 });
  });

  it('issue 15.4: reads repeats, endings, time, key, tempo, title and composer', () => {
    const bars = barsOf(tune);
    expect(bars.map((b) => [b.open, b.close])).toEqual([
      ['repeat', 'bar'],
      [null, 'bar'],
      [null, 'bar'],
      [null, 'repeat'],
      [null, 'part'],
      [null, 'part'],
    ]);
    expect(bars[3]?.items[0]).toEqual({ kind: 'timeline', label: '1' });
    expect(bars[3]?.items.at(-1)).toEqual({ kind: 'timeline-end' });
    expect(bars[4]?.items[0]).toEqual({ kind: 'timeline', label: '2' });
    const lines = tune.parts.flatMap((p) => p.lines);
    expect(lines.map((l) => [l.time?.beats, l.time?.beatType])).toEqual([
      [2, 4],
      [undefined, undefined],
      [3, 4],
    ]);
    expect(lines.every((l) => l.key.join(' ') === 'sharpf sharpc')).toBe(true);
    expect(tune.parts).toHaveLength(3);
    expect(tune.tempo).toBe(80);
    expect(tuneText(tune, 'title')).toBe('Chanterlab Test March');
    expect(tuneText(tune, 'composer')).toBe('A. Tester');
  });

  it('issue 15.4: reports everything it leaves out with its measure number', () => {
    expect(warnings.map((w) => [w.measure, w.kind, w.message])).toEqual([
      ['2', 'notation', 'slur left out'],
      ['3', 'direction', "direction 'dynamics' left out"],
      ['5', 'notation', 'lyric left out'],
      ['5', 'chord', 'chords: only the first note of each is kept'],
      ['5', 'other-voice', 'only the first voice is read'],
      ['6', 'off-chanter', 'F4 is not on the chanter: read as a rest'],
    ]);
  });

  it('issue 15.4: gives a tune the BWW writer writes and reads back to the same events', () => {
    const again = parseBww(writeBww([tune]));
    expect(again.warnings).toEqual([]);
    expect(compact(again.tunes[0]!)).toEqual(compact(tune));
    expect(again.tunes[0]!.tempo).toBe(80);
    expect(tuneText(again.tunes[0]!, 'title')).toBe('Chanterlab Test March');
  });

  it('issue 15.4: round-trips every built-in library tune through the MusicXML export', () => {
    expect(libraryTunes.length).toBeGreaterThan(0);
    for (const entry of libraryTunes) {
      const { tunes } = parseBww(entry.bww);
      for (const t of tunes) {
        expect(compact(roundTrip(t)), entry.id).toEqual(compact(t));
        // From grace notes alone (another program dropped the names): same notes and values.
        const plain = (x: Tune) => compact(x).map((e) => e.replace(/ \S+$/, ''));
        expect(plain(roundTrip(t, false)), entry.id).toEqual(plain(t));
      }
    }
  });

  it('issue 15.4: ignores a name hint that no longer matches its grace notes', () => {
    const t = parseBww('& sharpf sharpc 2_4 LA_4 dbc C_4 !t').tunes[0]!;
    const xml = toMusicXml(t).replace('>dbc</other-notation>', '>gg</other-notation>');
    expect(compact(imported(xml).tune)).toContain('1 grace HG 0 dbc');
  });

  it('issue 15.4: reads a tempo change, a time change and a whole-bar rest with no type', () => {
    const t = parseBww('TuneTempo,70\n& 2_4 LA_4 B_4 !\nTuneTempo,90\nC_4 6_8 D_4 E_8 !t')
      .tunes[0]!;
    const back = roundTrip(t);
    expect(back.tempo).toBe(70);
    expect(barsOf(back)[1]?.items.map((i) => i.kind)).toEqual([
      'tempo',
      'note',
      'time',
      'note',
      'note',
    ]);
    const rest = fixture.replace(
      /<note>\s*<rest\/>\s*<duration>24<\/duration>\s*<voice>1<\/voice>\s*<type>quarter<\/type>/,
      '<note><rest measure="yes"/><duration>24</duration><voice>1</voice>',
    );
    expect(compact(imported(rest).tune).at(-1)).toBe('6 rest null 1/4 null');
  });
});

describe('MusicXML import errors (issue 15.4)', () => {
  it.each([
    ['', 'empty'],
    ['<score-partwise><part id="P1"><measure></part>', 'malformed'],
    ['<a>&nbsp;</a>', 'malformed'],
    ['<html><body/></html>', 'not-musicxml'],
    ['<score-timewise version="4.0"/>', 'not-musicxml'],
    [
      '<score-partwise version="4.0"><part id="P1"><measure number="1"/></part></score-partwise>',
      'empty',
    ],
  ])('issue 15.4: answers %j with a %s error, never a throw', (xml, code) => {
    const result = importMusicXml(xml);
    expect(result.data).toBeNull();
    expect(result.error?.code).toBe(code);
    expect(result.error?.message.length).toBeGreaterThan(5);
  });

  it('issue 15.4: says where malformed XML breaks', () => {
    const result = importMusicXml('<score-partwise>\n<part>\n</measure>\n</score-partwise>');
    expect(result.error?.message).toMatch(/line 3, column 1/);
  });

  it('issue 15.4: refuses compressed .mxl and oversized files with a clear message', () => {
    const zip = Uint8Array.from([0x50, 0x4b, 3, 4, 20, 0, 0, 0]);
    expect(importMusicXml(zip).error).toMatchObject({ code: 'compressed' });
    expect(importMusicXml(zip).error?.message).toMatch(/\.mxl/);
    const big = new Uint8Array(MAX_MUSICXML_BYTES + 1);
    expect(importMusicXml(big).error).toMatchObject({ code: 'too-large' });
    expect(importMusicXml('x'.repeat(MAX_MUSICXML_BYTES + 1)).error).toMatchObject({
      code: 'too-large',
    });
  });

  it('issue 15.4: reads the pipe part of a band score and says so', () => {
    const band = fixture
      .replace(
        '<score-part id="P1">',
        '<score-part id="P0"><part-name>Snare</part-name></score-part><score-part id="P1">',
      )
      .replace('<part id="P1">', '<part id="P0"><measure number="1"/></part><part id="P1">');
    const { tune: t, warnings: w } = imported(band);
    expect(compact(t)).toEqual(compact(imported(fixture).tune));
    expect(w[0]).toEqual({
      measure: null,
      kind: 'other-part',
      message: "only the part 'Bagpipe' of 2 parts is read",
    });
  });

  it('issue 15.4: lists at most MAX_WARNINGS warnings and counts the rest', () => {
    const slurred =
      '<note><pitch><step>A</step><octave>4</octave></pitch><duration>1</duration><type>quarter</type><notations><slur type="start"/></notations></note>';
    const measures = Array.from(
      { length: MAX_WARNINGS + 50 },
      (_, i) => `<measure number="${i + 1}">${slurred}</measure>`,
    ).join('');
    const { warnings: w } = imported(
      `<score-partwise><part id="P1">${measures}</part></score-partwise>`,
    );
    expect(w).toHaveLength(MAX_WARNINGS + 1);
    expect(w.at(-1)).toEqual({
      measure: null,
      kind: 'element',
      message: '50 more warnings not listed',
    });
  });

  it('issue 15.4: never throws on mutated scores (seeded)', () => {
    const random = seededRandom(20261125);
    const sources = [fixture, toMusicXml(parseBww(libraryTunes[0]!.bww).tunes[0]!)];
    for (let i = 0; i < 200; i++) {
      const text = mutate(random, sources[i % sources.length]!, 1 + Math.floor(random() * 8));
      const result = importMusicXml(text);
      expect(result.data === null).toBe(result.error !== null);
      if (result.data) for (const w of result.data.warnings) expect(w.message).toBeTruthy();
    }
    for (let i = 0; i < 50; i++) expect(importMusicXml(randomBytes(random)).error).not.toBeNull();
  });
});
