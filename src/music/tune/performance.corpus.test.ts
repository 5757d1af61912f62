import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { corpusPresent, readCorpus } from '../bww/testing/readCorpus.ts';
import { performTune } from './performance.ts';
import { notesOf } from './tune.ts';

// Every real tune of the shared corpus (read at run time, never copied) must play: events in
// order, none overlapping, none of zero or negative length, every melody note index valid.
describe.skipIf(!corpusPresent)('performance of the BWW corpus', () => {
  const tunes = readCorpus().flatMap((file) =>
    parseBww(file.bytes).tunes.map((tune, i) => ({ name: `${file.name}#${i}`, tune })),
  );

  it(
    'plays every corpus tune in order, without overlaps or empty notes',
    { timeout: 60_000 },
    () => {
      expect(tunes.length).toBeGreaterThan(200);
      let played = 0;
      const problems: string[] = [];
      for (const { name, tune } of tunes) {
        const { events, durationSeconds } = performTune(tune);
        const count = notesOf(tune).length;
        if (count > 0) played++;
        let end = 0;
        for (const e of events) {
          if (!(e.durationSeconds > 0))
            problems.push(`${name}: empty ${e.pitch} at ${e.startSeconds}`);
          if (e.startSeconds < end - 1e-9) problems.push(`${name}: overlap at ${e.startSeconds}`);
          if (!e.grace && e.noteIndex >= count) problems.push(`${name}: note index ${e.noteIndex}`);
          end = e.startSeconds + e.durationSeconds;
        }
        if (end > durationSeconds + 1e-9) problems.push(`${name}: ends after its length`);
      }
      expect(problems.slice(0, 20)).toEqual([]);
      expect(played).toBeGreaterThan(200);
    },
  );
});
