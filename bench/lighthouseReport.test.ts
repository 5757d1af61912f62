import { describe, expect, it } from 'vitest';
import { formatTable, jsonLine, median, medianOf, parseOptions } from './lighthouseReport.ts';

const run = (performance: number, tbtMs: number) => ({
  performance,
  lcpMs: 2000,
  tbtMs,
  cls: 0.01,
  fcpMs: 1000,
  longestTaskMs: 80,
});

describe('issue 21.5: bench:lighthouse report', () => {
  it('issue 21.5: takes routes and runs from flags, else from BENCH_ROUTES / BENCH_RUNS', () => {
    expect(parseOptions([], {})).toEqual({ routes: [], runs: 1 });
    expect(parseOptions(['--routes=/, /tuner', '--runs=3'], { BENCH_RUNS: '5' })).toEqual({
      routes: ['/', '/tuner'],
      runs: 3,
    });
    expect(parseOptions([], { BENCH_ROUTES: '/settings', BENCH_RUNS: '2' })).toEqual({
      routes: ['/settings'],
      runs: 2,
    });
    expect(() => parseOptions(['--runs=0'], {})).toThrow(/runs/);
    expect(() => parseOptions(['--routes=tuner'], {})).toThrow(/start with/);
  });

  it('issue 21.5: each figure is the median of the runs on its own', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    const row = medianOf('/tuner', [run(90, 400), run(60, 100), run(80, 5000)]);
    expect(row).toMatchObject({ route: '/tuner', runs: 3, performance: 80, tbtMs: 400 });
  });

  it('issue 21.5: prints route, performance, LCP, TBT, CLS and the ratio to the static page', () => {
    const baseline = { ...medianOf('/static.html', [run(100, 0)]), lcpMs: 800 };
    const rows = [medianOf('/', [run(95, 120)])];
    const table = formatTable(rows, baseline).split('\n');
    expect(table[0]).toMatch(/route\s+performance\s+LCP\s+TBT\s+CLS/);
    expect(table[2]).toMatch(/^\/\s+95\s+2\.00 s\s+120 ms\s+0\.010.*2\.50×$/);
    const json = JSON.parse(jsonLine(rows, baseline, { cpus: 2 })) as Record<string, unknown>;
    expect(json).toMatchObject({
      bench: 'lighthouse',
      cpus: 2,
      baseline: { route: '/static.html', lcpMs: 800 },
      routes: [{ route: '/', performance: 95, lcpMs: 2000, tbtMs: 120, cls: 0.01, lcpRatio: 2.5 }],
    });
  });
});
