/**
 * The pure half of `npm run bench:lighthouse` (issue 21 item 5): options, the median of N
 * Lighthouse runs, and the printed table and JSON line. No browser, no server: tested in
 * bench/lighthouseReport.test.ts.
 */

/** One Lighthouse run of one page, reduced to the figures issue 21 names. */
export interface LighthouseFigures {
  /** Performance category score, 0–100. */
  performance: number;
  /** Largest Contentful Paint, ms. */
  lcpMs: number;
  /** Total Blocking Time, ms. */
  tbtMs: number;
  cls: number;
  /** First Contentful Paint, ms. */
  fcpMs: number;
  /** The longest main-thread task Lighthouse saw, ms (0 when none reached 50 ms). */
  longestTaskMs: number;
}

export interface RouteResult extends LighthouseFigures {
  route: string;
  runs: number;
}

export interface BenchOptions {
  /** Site paths to audit; empty means every public route. */
  routes: string[];
  /** Runs per page; each figure is the median of them. */
  runs: number;
}

/** `--routes=/,/tuner --runs=3` or BENCH_ROUTES / BENCH_RUNS; the flags win. */
export function parseOptions(argv: readonly string[], env: Record<string, string | undefined>) {
  const flag = (name: string) =>
    argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ??
    env[`BENCH_${name.toUpperCase()}`];
  const routes = (flag('routes') ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r !== '');
  const runs = Number(flag('runs') ?? 1);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1`);
  for (const r of routes) if (!r.startsWith('/')) throw new Error(`route ${r} must start with /`);
  return { routes, runs } satisfies BenchOptions;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Each figure is its own median over the runs (a noisy run moves one figure, not a row). */
export function medianOf(route: string, runs: readonly LighthouseFigures[]): RouteResult {
  const m = (pick: (f: LighthouseFigures) => number) => median(runs.map(pick));
  return {
    route,
    runs: runs.length,
    performance: m((f) => f.performance),
    lcpMs: m((f) => f.lcpMs),
    tbtMs: m((f) => f.tbtMs),
    cls: m((f) => f.cls),
    fcpMs: m((f) => f.fcpMs),
    longestTaskMs: m((f) => f.longestTaskMs),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The table of issue 21 plus each route's LCP as a multiple of the static baseline page's. */
export function formatTable(rows: readonly RouteResult[], baseline: RouteResult): string {
  const all = [baseline, ...rows];
  const width = Math.max(5, ...all.map((r) => r.route.length));
  const line = (cells: string[]) =>
    [cells[0]!.padEnd(width), ...cells.slice(1).map((c) => c.padStart(11))].join('  ');
  const row = (r: RouteResult) =>
    line([
      r.route,
      String(Math.round(r.performance)),
      seconds(r.lcpMs),
      `${Math.round(r.tbtMs)} ms`,
      r.cls.toFixed(3),
      seconds(r.fcpMs),
      `${Math.round(r.longestTaskMs)} ms`,
      baseline.lcpMs > 0 ? `${(r.lcpMs / baseline.lcpMs).toFixed(2)}×` : '–',
    ]);
  return [
    line(['route', 'performance', 'LCP', 'TBT', 'CLS', 'FCP', 'longest task', 'LCP/static']),
    ...all.map(row),
  ].join('\n');
}

export function jsonLine(
  rows: readonly RouteResult[],
  baseline: RouteResult,
  machine: Record<string, unknown>,
): string {
  const round = (r: RouteResult) => ({
    route: r.route,
    performance: Math.round(r.performance),
    lcpMs: Math.round(r.lcpMs),
    tbtMs: Math.round(r.tbtMs),
    cls: Number(r.cls.toFixed(3)),
    fcpMs: Math.round(r.fcpMs),
    longestTaskMs: Math.round(r.longestTaskMs),
    lcpRatio: baseline.lcpMs > 0 ? Number((r.lcpMs / baseline.lcpMs).toFixed(2)) : null,
  });
  return JSON.stringify({
    bench: 'lighthouse',
    ...machine,
    baseline: round(baseline),
    routes: rows.map(round),
  });
}
