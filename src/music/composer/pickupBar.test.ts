import { describe, expect, it } from 'vitest';
import { parseBww } from '../bww/parseBww.ts';
import { writeBww } from '../bww/writeBww.ts';
import { barsOf, tuneText } from '../tune/tune.ts';
import { trainingTunes } from '../../../scripts/train-composer.ts';
import { barTicks, specOf } from './composerForms.ts';
import { composeTune } from './composeTune.ts';
import { notesOfBar, notesOfComposition } from './composition.ts';
import { editNoteLength } from './editComposition.ts';
import { regenerateBar } from './editComposition.ts';
import { isLegalEmbellishment } from './embellishmentRules.ts';
import { shortenedBeats } from './pickupBar.ts';
import { barMelody } from './barMelody.ts';
import { composerModel } from './composerEngine.ts';
import { COMPOSER_WEIGHTS } from './composerWeights.ts';
import type { GroupStats } from './learnFormStats.ts';
import { seededRandom } from '../random.ts';
import { toTune } from './toTune.ts';

const ticksOf = (n: { duration: number; dots: number }) => (16 / n.duration) * (n.dots ? 1.5 : 1);
const sum = (ticks: readonly number[]) => ticks.reduce((s, t) => s + t, 0);

/** The note lengths each library 2/4 march opens with (all four open with a pickup). */
const libraryOpenings = trainingTunes()
  .filter((t) => tuneText(t, 'type').toLowerCase() === 'march' && barsOf(t)[0])
  .filter((t) => t.parts[0]!.lines[0]!.time?.beats === 2)
  .map((t) =>
    barsOf(t)[0]!
      .items.filter((i) => i.kind === 'note')
      .map((n) => ticksOf(n as never))
      .join(','),
  );

describe('a pickup (anacrusis) learned from the library (issue 19 item 1, the form’s rhythms)', () => {
  it('the library’s 2/4 marches all open with a pickup', () => {
    expect(libraryOpenings).toHaveLength(4);
    for (const opening of libraryOpenings) expect(sum(opening.split(',').map(Number))).toBe(2);
  });

  it('a composed 2/4 march opens with a pickup the library writes, its last bar short by as much, and reads back with no warnings', () => {
    const spec = specOf('2/4 march');
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const composition = composeTune({ form: '2/4 march', seed });
      const pickup = composition.pickup!;
      expect(libraryOpenings).toContain(
        notesOfBar(pickup)
          .map((n) => n.ticks)
          .join(','),
      );
      const length = sum(notesOfBar(pickup).map((n) => n.ticks));
      const back = parseBww(writeBww([toTune(composition)]));
      expect(back.warnings).toEqual([]);
      const lengths = barsOf(back.tunes[0]!).map((bar) =>
        sum(bar.items.filter((i) => i.kind === 'note').map((n) => ticksOf(n as never))),
      );
      expect(lengths[0]).toBe(length);
      expect(lengths.at(-1)).toBe(barTicks(spec) - length);
      expect(lengths.slice(1, -1).every((t) => t === barTicks(spec))).toBe(true);
      // The pickup is no bar of its own: before the first part's opening repeat sign.
      const [first, second] = back.tunes[0]!.parts[0]!.lines[0]!.bars;
      expect([first!.open, second!.open]).toEqual([null, 'repeat']);
      // The tune still ends on its home note, and every grace is legal across the pickup.
      expect(notesOfComposition(composition).at(-1)!.note.pitch).toBe(
        composition.plan.key === 'A' ? 'LA' : 'D',
      );
      let prev: string | null = null;
      for (const { note } of notesOfComposition(composition)) {
        if (note.embellishment)
          expect(isLegalEmbellishment(note.embellishment, prev as never, note.pitch)).toBe(true);
        else expect(note.pitch).not.toBe(prev);
        prev = note.pitch;
      }
    }
  });

  it('a seed reproduces its pickup; a form the library lacks and a tune from a motif open on the beat', () => {
    expect(composeTune({ form: '2/4 march', seed: 9 })).toEqual(
      composeTune({ form: '2/4 march', seed: 9 }),
    );
    expect(composeTune({ form: 'retreat', seed: 9 }).pickup).toBeUndefined();
    expect(composeTune({ form: 'hornpipe', seed: 9 }).pickup).toBeUndefined();
    expect(composeTune({ form: '2/4 march', seed: 9, motif: ['LA', 'B'] }).pickup).toBeUndefined();
  });

  it('regenerating or editing the last bar keeps it short; regenerating the first keeps it legal after the pickup', () => {
    const spec = specOf('2/4 march');
    const base = composeTune({ form: '2/4 march', seed: 11 });
    const short = barTicks(spec) - sum(base.plan.pickup!);
    const last = base.parts.length - 1;
    const lastBar = base.parts[last]!.length - 1;
    const again = regenerateBar(base, last, lastBar);
    expect(sum(notesOfBar(again.parts[last]![lastBar]!).map((n) => n.ticks))).toBe(short);
    const edited = editNoteLength(again, last, lastBar, 0, 2);
    expect(sum(notesOfBar(edited.parts[last]![lastBar]!).map((n) => n.ticks))).toBe(short);
    for (let i = 0; i < 6; i++) {
      const first = regenerateBar(base, 0, 0).parts[0]![0]!.beats[0]![0]!;
      const prev = notesOfBar(base.pickup!).at(-1)!.pitch;
      if (first.embellishment)
        expect(isLegalEmbellishment(first.embellishment, prev, first.pitch)).toBe(true);
      else expect(first.pitch).not.toBe(prev);
    }
  });

  it('shortenedBeats keeps whole beats and holds the last note for what is left', () => {
    expect(shortenedBeats([[3, 1], [4]], 4, 6)).toEqual([[3, 1], [2]]);
    // A cell over two beats does not fit in one and a half: a crotchet and a quaver instead.
    expect(shortenedBeats([[6, 2]], 4, 6)).toEqual([[4], [2]]);
    expect(shortenedBeats([[4], [4], [4]], 4, 8)).toEqual([[4], [4]]);
    expect(shortenedBeats([[6], [6]], 6, 11)).toBeNull();
  });

  it('a pickup quaver at a 2/4 bar’s end is drawn as an off-beat note, not a downbeat', () => {
    // A library whose notes after Low A go to B on beats and to High G off them.
    const row = (to: number) => Array.from({ length: 9 }, (_, q) => (q === to ? 1e6 : 0));
    const group: GroupStats = {
      tunes: 1,
      o2: {},
      o1: {
        s: Array.from({ length: 9 }, () => row(2)),
        w: Array.from({ length: 9 }, () => row(7)),
      },
      cells: {},
      ends: { '2': Array(9).fill(0), h: Array(9).fill(0), f: Array(9).fill(0) },
      graces: { on: {}, off: {} },
      pickups: {},
    };
    const draw = (offset: number) =>
      barMelody(
        [[2]],
        4,
        {
          model: composerModel,
          groups: [group],
          weights: COMPOSER_WEIGHTS,
          plan: { role: 'open', chord: 'A', target: null, copyOf: null },
          centre: 4,
          prev: 'LA',
          offset,
        },
        seededRandom(1),
      )[0];
    expect(draw(6)).toBe('HG');
    expect(draw(0)).toBe('B');
  });
});
