import { describe, expect, it } from 'vitest';
import { pitches } from '../notes.ts';
import { parseBww } from '../bww/parseBww.ts';
import { writeBww } from '../bww/writeBww.ts';
import { tokenizeBww } from '../bww/tokenizeBww.ts';
import { corpusDir, corpusPresent, readCorpus } from '../bww/testing/readCorpus.ts';
import { barsOf, notesOf, tuneText, type Bar, type Tune } from '../tune/tune.ts';
import { libraryFileIds, libraryTunes } from './libraryTunes.ts';

const types = ['March', 'Slow Air', 'Jig', 'Reel', 'Strathspey', 'Waltz', 'Hornpipe'];

const parsed = libraryTunes.map((entry) => ({ entry, result: parseBww(entry.bww) }));

function only(tunes: readonly Tune[]): Tune {
  expect(tunes).toHaveLength(1);
  return tunes[0] as Tune;
}

/** A bar's length in whole notes: durations with dots, tuplets scaled (3 in the time of 2 …). */
function barLength(bar: Bar): number {
  let total = 0;
  let scale = 1;
  for (const item of bar.items) {
    if (item.kind !== 'note' && item.kind !== 'rest') continue;
    if (item.tupletStart) scale = item.tupletStart.normal / item.tupletStart.actual;
    const dotted = item.dots === 2 ? 1.75 : item.dots === 1 ? 1.5 : 1;
    total += (dotted * scale) / item.duration;
    if (item.tupletEnd) scale = 1;
  }
  return total;
}

const close = (a: number, b: number): boolean => Math.abs(a - b) < 1e-9;

/** Music words of a BWW text: header lines and text tags left out, as the reader sees them. */
function musicWords(bww: string | Uint8Array): string[] {
  const text = typeof bww === 'string' ? bww : new TextDecoder('latin1').decode(bww);
  return tokenizeBww(text)
    .filter((t) => t.kind === 'word')
    .map((t) => t.value);
}

/** Every place where `window` consecutive music words of ours occur in theirs. */
function sharedRuns(
  ours: readonly { name: string; words: readonly string[] }[],
  theirs: readonly { name: string; words: readonly string[] }[],
  window: number,
): string[] {
  const index = new Map<string, string>();
  for (const { name, words } of ours) {
    for (let i = 0; i + window <= words.length; i++) {
      index.set(words.slice(i, i + window).join(' '), name);
    }
  }
  const found: string[] = [];
  for (const { name, words } of theirs) {
    for (let i = 0; i + window <= words.length; i++) {
      const hit = index.get(words.slice(i, i + window).join(' '));
      if (hit) found.push(`${hit} ~ ${name} at word ${i + 1}`);
    }
  }
  return found;
}

describe('built-in tune library (R-1.PRODUCT-03, R-2.1.ROUTES-09 /sheet-music)', () => {
  it('has at least 20 tunes, each with its own id and title', () => {
    expect(libraryTunes.length).toBeGreaterThanOrEqual(20);
    expect(new Set(libraryTunes.map((t) => t.id)).size).toBe(libraryTunes.length);
    expect(new Set(libraryTunes.map((t) => t.title.toLowerCase())).size).toBe(libraryTunes.length);
    // Listed by title, a leading 'The' not counted ('The Barren Rocks of Aden' under B).
    const keys = libraryTunes.map((t) => t.title.replace(/^The /, ''));
    expect(keys).toEqual([...keys].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('catalogues every .bww file of the library and nothing else', () => {
    expect([...libraryFileIds].sort()).toEqual(libraryTunes.map((t) => t.id).sort());
    for (const tune of libraryTunes) expect(tune.bww.length, tune.id).toBeGreaterThan(200);
  });

  it('parses every tune with zero warnings into one tune', () => {
    for (const { entry, result } of parsed) {
      expect(result.warnings, entry.id).toEqual([]);
      expect(result.tunes, entry.id).toHaveLength(1);
    }
  });

  it('gives each tune its title, type, composer and the Chanterlab credit', () => {
    for (const { entry, result } of parsed) {
      const tune = only(result.tunes);
      expect(tuneText(tune, 'title'), entry.id).toBe(entry.title);
      expect(tuneText(tune, 'type'), entry.id).toBe(entry.type);
      expect(types, entry.id).toContain(entry.type);
      expect(tuneText(tune, 'composer'), entry.id).not.toBe('');
      expect(
        tune.texts.some((t) => t.text.includes('Transcribed for Chanterlab')),
        entry.id,
      ).toBe(true);
      expect(tune.tempo, entry.id).toBeGreaterThan(0);
    }
  });

  it('uses only the nine chanter notes, the pipe key signature and the stated time (R-3.NOTES-01)', () => {
    for (const { entry, result } of parsed) {
      const tune = only(result.tunes);
      const lines = tune.parts.flatMap((p) => p.lines);
      expect(lines.length, entry.id).toBeGreaterThanOrEqual(2);
      for (const line of lines) expect(line.key, entry.id).toEqual(['sharpf', 'sharpc']);
      const time = lines[0]?.time;
      expect(time && `${time.beats}_${time.beatType}`, entry.id).toBe(entry.timeSignature);
      for (const note of notesOf(tune)) {
        expect(pitches, entry.id).toContain(note.pitch);
        expect(note.accidental, entry.id).toBeNull();
      }
      // No time changes inside a tune: every bar is measured against the stated time.
      for (const bar of barsOf(tune)) {
        expect(
          bar.items.some((i) => i.kind === 'time'),
          entry.id,
        ).toBe(false);
      }
    }
  });

  it('fills every bar to the time signature, a pickup and its closing bar excepted', () => {
    for (const { entry, result } of parsed) {
      const tune = only(result.tunes);
      const [beats, beatType] = entry.timeSignature.split('_').map(Number) as [number, number];
      const full = beats / beatType;
      const bars = barsOf(tune).filter((b) => b.items.length > 0);
      const lengths = bars.map(barLength);
      const first = lengths[0] ?? 0;
      const last = lengths.at(-1) ?? 0;
      lengths.slice(1, -1).forEach((length, i) => {
        expect(length, `${entry.id} bar ${i + 2}`).toBeCloseTo(full, 9);
      });
      expect(first > 0 && first <= full + 1e-9, `${entry.id} pickup ${first}`).toBe(true);
      // The last bar is whole, or completes the opening pickup.
      const lastOk = close(last, full) || (first < full && close(first + last, full));
      expect(lastOk, `${entry.id} last bar ${last} after a pickup of ${first}`).toBe(true);
      expect(bars.length, entry.id).toBeGreaterThanOrEqual(8);
    }
  });

  it('is embellished as pipers play it', () => {
    const families = new Set<string>();
    for (const { entry, result } of parsed) {
      const notes = notesOf(only(result.tunes));
      const graced = notes.filter((n) => n.embellishments.length > 0);
      for (const n of graced) for (const e of n.embellishments) families.add(e.family);
      // Repeated notes need a gracenote between them on the chanter: none are left bare.
      notes.slice(1).forEach((note, i) => {
        const before = notes[i];
        if (before && before.pitch === note.pitch && !before.tie) {
          expect(note.embellishments.length, `${entry.id} note ${i + 2}`).toBeGreaterThan(0);
        }
      });
      expect(graced.length / notes.length, entry.id).toBeGreaterThan(0.25);
    }
    for (const family of ['grace', 'doubling', 'throw', 'taorluath', 'birl', 'grip', 'strike']) {
      expect([...families]).toContain(family);
    }
  });

  it('round-trips every tune through the writer: parse(write(parse(x))) equals parse(x)', () => {
    for (const { entry, result } of parsed) {
      const again = parseBww(writeBww(result.tunes));
      expect(again.warnings, entry.id).toEqual([]);
      expect(again.tunes, entry.id).toEqual(result.tunes);
    }
  });

  // The library is the project's own transcription: no 40-token run of music may be shared
  // with any file of the shared corpus (which is read at run time, never copied).
  it.skipIf(!corpusPresent)('shares no 40-token run with any corpus file', () => {
    const files = readCorpus();
    expect(files.length).toBeGreaterThan(0);
    const ours = libraryTunes.map((t) => ({ name: t.id, words: musicWords(t.bww) }));
    const theirs = files.map((f) => ({ name: f.name, words: musicWords(f.bytes) }));
    // The check itself must catch a copy: a library file holding a corpus passage is flagged.
    const sample = theirs.find((f) => f.words.length >= 60);
    expect(sample).toBeDefined();
    const copied = { name: 'copy', words: ['gg', ...(sample?.words.slice(10, 60) ?? [])] };
    expect(sharedRuns([copied], theirs, 40).length).toBeGreaterThan(0);
    expect(sharedRuns(ours, theirs, 40)).toEqual([]);
  });
});

if (!corpusPresent) {
  console.warn(`Library originality check skipped: the corpus ${corpusDir} is absent.`);
}
