import { describe, expect, it } from 'vitest';
import {
  MAX_RUNS,
  addRun,
  isPlayAlongHistory,
  type PlayAlongRunRecord,
} from './playAlongHistory.ts';
import { keys } from './keys.ts';

const run = (date: number): PlayAlongRunRecord => ({
  date,
  tuneId: 'scotland-the-brave',
  title: 'Scotland the Brave',
  mode: 'play',
  bpm: 72,
  difficulty: 'standard',
  melodyAccuracy: 0.9,
  bars: [
    {
      bar: 1,
      notes: { correct: 3, early: 0, late: 1, wrong: 0, missed: 0 },
      embellishments: 1,
      embellishmentFaults: 0,
    },
  ],
  families: [],
});

describe('play-along history (issue 14.4)', () => {
  it('issue 14.4: keeps the latest 200 runs, newest last', () => {
    let h: PlayAlongRunRecord[] = [];
    for (let i = 0; i < MAX_RUNS + 5; i++) h = addRun(h, run(i));
    expect(h).toHaveLength(200);
    expect(h[0]!.date).toBe(5);
    expect(h[199]!.date).toBe(204);
    expect(isPlayAlongHistory(h)).toBe(true);
  });

  it('issue 14.4: the stored key starts empty and is a list; a damaged run is dropped on the next save', () => {
    expect(keys.playAlongHistory.fallback).toEqual([]);
    expect(keys.playAlongHistory.valid([run(1)])).toBe(true);
    expect(keys.playAlongHistory.valid({ date: 1 })).toBe(false);
    expect(isPlayAlongHistory([{ date: 'x' }])).toBe(false);
    expect(isPlayAlongHistory(new Array(201).fill(run(1)))).toBe(false);
    const damaged = [run(1), { date: 'x' } as unknown as PlayAlongRunRecord];
    expect(addRun(damaged, run(2)).map((r) => r.date)).toEqual([1, 2]);
  });
});
