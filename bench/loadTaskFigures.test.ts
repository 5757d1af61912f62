import { describe, expect, it } from 'vitest';
import { loadTaskFigures } from './loadTaskFigures.ts';

describe('loadTaskFigures (issue 21 item 3)', () => {
  it('issue 21.3: scales CPU time by 4, counts tasks over 50 ms and sums their time past 50 ms', () => {
    const figures = loadTaskFigures([
      { wallMs: 200, cpuMs: 30 }, // 120 ms at 4×: long, blocks 70 ms
      { wallMs: 90, cpuMs: 12 }, // 48 ms at 4×: not long, though the wall clock said 90
      { wallMs: 20, cpuMs: 15 }, // 60 ms at 4×: long, blocks 10 ms
    ]);
    expect(figures).toEqual({ longTasks: 2, blockingMs: 80, longestMs: 120 });
  });

  it('issue 21.3: a load with no tasks has no blocking time', () => {
    expect(loadTaskFigures([])).toEqual({ longTasks: 0, blockingMs: 0, longestMs: 0 });
  });
});
