/**
 * Long tasks of a first load, from Chromium traces (issue 21 item 3, 'No long tasks on load').
 * Lighthouse's TBT on this 2-core machine moves with other work: it reads wall-clock task
 * lengths, and a task waiting for a core looks long. This bench reads each main-thread task's
 * own CPU time instead (e2e/fixtures/mainThreadTasks.ts) and scales it by Lighthouse's mobile
 * CPU slowdown (4×), so the figures say what the page costs, not what the machine was doing.
 *
 * For each route, each build loads the page in a fresh browser context (no cache, no storage),
 * waits for hydration (<html data-app-ready> and data-screen-ready) and for two idle periods
 * after it, and counts the tasks from navigation to then: how many exceed 50 ms at 4×, their
 * blocking time (the part over 50 ms, summed: Lighthouse's TBT without its FCP–TTI window) and
 * the longest. Runs alternate between builds; each figure is the median of the runs.
 *
 *   npm run bench:tasks                               (every public route, 5 runs)
 *   npm run bench:tasks -- --routes=/,/settings --runs=7
 *   BENCH_BEFORE_DIR=/tmp/old-dist npm run bench:tasks  (compare an older web build, same run)
 *   BENCH_NO_BUILD=1 …                                (reuse dist/ as built)
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { isIndexable, routes } from '../src/contracts/routes.ts';
import { closePage, launchBrowser, newPage } from '../e2e/fixtures/browser.ts';
import { traceMainThread } from '../e2e/fixtures/mainThreadTasks.ts';
import { startServer, type StartedServer } from '../e2e/fixtures/server.ts';
import { median, parseOptions } from './lighthouseReport.ts';
import { loadTaskFigures, type LoadTaskFigures } from './loadTaskFigures.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const options = parseOptions(process.argv.slice(2), {
  ...process.env,
  BENCH_RUNS: process.env.BENCH_RUNS ?? '5',
});

function build() {
  if (process.env.BENCH_NO_BUILD === '1') return;
  console.log('[bench] npm run build…');
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

async function loadOnce(browser: Browser, url: string): Promise<LoadTaskFigures> {
  const page = await newPage(browser, { width: 412, height: 823 });
  try {
    const trace = await traceMainThread(browser, page);
    await page.goto(url, { waitUntil: 'load' });
    // Work scheduled after hydration (start-up checks, offline start after load and idle) is
    // part of the load: let two idle periods pass before stopping.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 2000 }), {
            timeout: 2000,
          }),
        ),
    );
    return loadTaskFigures(await trace.stop());
  } finally {
    await closePage(page);
  }
}

interface Build {
  name: string;
  server: StartedServer;
}

build();
const builds: Build[] = [];
const before = process.env.BENCH_BEFORE_DIR;
if (before)
  builds.push({ name: 'before', server: await startServer({ env: { STATIC_DIR: before } }) });
builds.push({ name: before ? 'after' : 'build', server: await startServer() });
const browser = await launchBrowser();
const loadBefore = loadavg()[0]!;
const paths =
  options.routes.length > 0 ? options.routes : routes.filter(isIndexable).map((r) => r.path);
const results: { route: string; build: string; figures: LoadTaskFigures }[] = [];
try {
  for (const path of paths) {
    const runs = new Map<string, LoadTaskFigures[]>(builds.map((b) => [b.name, []]));
    for (let i = 0; i < options.runs; i++)
      for (const b of builds) runs.get(b.name)!.push(await loadOnce(browser, b.server.url + path));
    for (const b of builds) {
      const all = runs.get(b.name)!;
      const m = (pick: (f: LoadTaskFigures) => number) => median(all.map(pick));
      const figures = {
        longTasks: m((f) => f.longTasks),
        blockingMs: m((f) => f.blockingMs),
        longestMs: m((f) => f.longestMs),
      };
      results.push({ route: path, build: b.name, figures });
      console.log(
        `[bench] ${path} ${b.name}: ${figures.longTasks} long task(s), blocking ${Math.round(figures.blockingMs)} ms, longest ${Math.round(figures.longestMs)} ms (runs: ${all.map((f) => Math.round(f.blockingMs)).join(', ')})`,
      );
    }
  }
} finally {
  await browser.close();
  for (const b of builds) await b.server.stop();
}
const width = Math.max(5, ...paths.map((p) => p.length));
console.log('');
console.log(
  ['route'.padEnd(width), 'build'.padEnd(6), 'long tasks', 'blocking', 'longest'].join('  '),
);
for (const r of results)
  console.log(
    [
      r.route.padEnd(width),
      r.build.padEnd(6),
      String(r.figures.longTasks).padStart(10),
      `${Math.round(r.figures.blockingMs)} ms`.padStart(8),
      `${Math.round(r.figures.longestMs)} ms`.padStart(7),
    ].join('  '),
  );
const machine = {
  cpus: cpus().length,
  loadBefore: Number(loadBefore.toFixed(2)),
  loadAfter: Number(loadavg()[0]!.toFixed(2)),
  runs: options.runs,
};
console.log(
  `\nCPU time × 4 (Lighthouse mobile slowdown); load average ${machine.loadBefore} before, ${machine.loadAfter} after; median of ${options.runs} run(s).`,
);
console.log(JSON.stringify({ bench: 'loadTasks', machine, results }));
