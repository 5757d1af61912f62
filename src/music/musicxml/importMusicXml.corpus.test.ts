import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { corpusDir, corpusPresent, readCorpus } from '../bww/testing/readCorpus.ts';
import { toMusicXml } from '../bww/toMusicXml.ts';
import type { Tune } from '../tune/tune.ts';
import { tuneEvents } from '../tune/tuneEvents.ts';
import { importMusicXml } from './importMusicXml.ts';

// The shared corpus of real .bww files (../shared/corpus/README.md), read at run time and never
// copied into the project. Without it these tests skip and say why, as the BWW corpus tests do.
if (!corpusPresent) {
  console.warn(
    `MusicXML corpus round trip skipped: ${corpusDir} is absent (see ../shared/corpus/README.md)`,
  );
}

const tunes = readCorpus().flatMap((file) =>
  parseBww(file.bytes).tunes.map((tune, i) => ({ name: `${file.name}#${i + 1}`, tune })),
);

const lines = (tune: Tune): string[] => tuneEvents(tune).map((e) => JSON.stringify(e));
/** The events without embellishment names: what any program's grace notes say. */
const plain = (tune: Tune): string[] =>
  tuneEvents(tune).map((e) => JSON.stringify({ ...e, embellishment: null }));

function back(tune: Tune, keepNames: boolean): Tune | null {
  let xml = toMusicXml(tune);
  if (!keepNames) xml = xml.replace(/<notations><other-notation[^]*?<\/notations>/g, '');
  const result = importMusicXml(xml);
  return result.data?.tune ?? null;
}

describe.skipIf(!corpusPresent)('MusicXML round trip over the BWW corpus (issue 15.4)', () => {
  it('issue 15.4: every corpus tune comes back event-identical through export and import', () => {
    expect(tunes.length).toBeGreaterThanOrEqual(200);
    let identical = 0;
    let empty = 0;
    for (const { name, tune } of tunes) {
      const imported = back(tune, true);
      // A tune with no notes (a file's empty header tune) exports no music: the import says so.
      if (!imported) {
        expect(
          tuneEvents(tune).filter((e) => e.kind === 'melody'),
          name,
        ).toEqual([]);
        empty++;
        continue;
      }
      expect(lines(imported), name).toEqual(lines(tune));
      identical++;
    }
    console.info(
      `MusicXML round trip: ${identical}/${tunes.length - empty} corpus tunes with notes ` +
        `event-identical; ${empty} without notes refused as empty`,
    );
    expect(identical).toBe(tunes.length - empty);
  }, 120_000);

  it('issue 15.4: from grace notes alone, notes and values match and most names come back', () => {
    let events = 0;
    let named = 0;
    let sameTunes = 0;
    for (const { name, tune } of tunes) {
      const imported = back(tune, false);
      if (!imported) continue;
      expect(plain(imported), name).toEqual(plain(tune));
      const a = lines(tune);
      const b = lines(imported);
      events += a.length;
      named += a.filter((x, i) => x === b[i]).length;
      if (a.every((x, i) => x === b[i])) sameTunes++;
    }
    console.info(
      `MusicXML import without Chanterlab's names: ${named}/${events} events identical ` +
        `(${((100 * named) / events).toFixed(1)}%), ${sameTunes} tunes wholly`,
    );
    // Names several embellishments share (a High G gracenote is 'gg' or 'strhg') cannot all be told apart.
    expect(named / events).toBeGreaterThan(0.98);
  }, 120_000);
});
