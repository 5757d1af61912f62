import { describe, expect, it } from 'vitest';
import { accuracyByFamily, accuracyByTune, ratioOf, tempoByTune } from './practiceTrends.ts';

const tune = (id: string) => ({ id, title: id.toUpperCase() });
const sessions = [
  { startedAt: 3, accuracy: 0.9, tune: tune('a'), tempo: 80, families: [] },
  {
    startedAt: 1,
    accuracy: 0.5,
    tune: tune('a'),
    tempo: 70,
    families: [{ key: 'doubling', right: 1, wrong: 1, missing: 2 }],
  },
  {
    startedAt: 2,
    accuracy: 0.7,
    tune: tune('b'),
    tempo: 90,
    families: [
      { key: 'doubling', right: 3, wrong: 0, missing: 1 },
      { key: 'birl', right: 0, wrong: 0, missing: 0 },
    ],
  },
  { startedAt: 4, accuracy: null, tune: null, tempo: 100, families: [] },
  { startedAt: 5, accuracy: 0.8, tune: tune('a'), tempo: 75, families: [] },
];

describe('issue 18.3 accuracy and tempo trends', () => {
  it('issue 18.3: accuracy over time per tune, oldest point first, latest tune first', () => {
    expect(accuracyByTune(sessions)).toEqual([
      {
        key: 'a',
        label: 'A',
        points: [
          { at: 1, accuracy: 0.5 },
          { at: 3, accuracy: 0.9 },
          { at: 5, accuracy: 0.8 },
        ],
      },
      { key: 'b', label: 'B', points: [{ at: 2, accuracy: 0.7 }] },
    ]);
  });

  it('issue 18.3: accuracy per embellishment family is right / all judged; nothing judged is no point', () => {
    expect(ratioOf({ key: 'x', right: 1, wrong: 1, missing: 2 })).toBe(0.25);
    expect(accuracyByFamily(sessions)).toEqual([
      {
        key: 'doubling',
        label: 'doubling',
        points: [
          { at: 1, accuracy: 0.25 },
          { at: 2, accuracy: 0.75 },
        ],
      },
    ]);
  });

  it('issue 18.3: the tempo reached per tune is the fastest, with the latest beside it', () => {
    expect(tempoByTune(sessions)).toEqual([
      { key: 'a', label: 'A', best: 80, at: 3, latest: 75, sessions: 3 },
      { key: 'b', label: 'B', best: 90, at: 2, latest: 90, sessions: 1 },
    ]);
  });
});
