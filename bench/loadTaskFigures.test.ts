import { describe, expect, it } from 'vitest';
import { mainThreadTasks } from '../e2e/fixtures/mainThreadTasks.ts';
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

describe('mainThreadTasks (issue 21 item 3)', () => {
  const thread = (pid: number, name: string) => ({
    name: 'thread_name',
    ph: 'M',
    pid,
    tid: 1,
    args: { name },
  });
  const task = (pid: number, ms: number) => ({
    name: 'RunTask',
    ph: 'X',
    pid,
    tid: 1,
    dur: ms * 1000,
    tdur: ms * 1000,
  });
  const trace = Buffer.from(
    JSON.stringify({
      traceEvents: [
        thread(10, 'CrRendererMain'), // the page
        thread(20, 'CrRendererMain'), // Chromium's own WebUI renderer
        thread(30, 'CrBrowserMain'),
        {
          name: 'ParseHTML',
          ph: 'X',
          pid: 10,
          tid: 1,
          args: { beginData: { url: 'http://127.0.0.1:4000/tuner' } },
        },
        {
          name: 'EvaluateScript',
          ph: 'X',
          pid: 20,
          tid: 1,
          args: { data: { url: 'chrome://omnibox-popup.top-chrome/app.js' } },
        },
        task(10, 30),
        task(20, 90),
        task(30, 70),
      ],
    }),
  );

  it('issue 21.3: given the page origin, counts only the renderers that loaded from it', () => {
    expect(mainThreadTasks(trace, 'http://127.0.0.1:4000')).toEqual([{ wallMs: 30, cpuMs: 30 }]);
  });

  it('issue 21.3: without an origin, every renderer main thread counts (as before)', () => {
    expect(mainThreadTasks(trace).map((t) => t.cpuMs)).toEqual([30, 90]);
  });
});
