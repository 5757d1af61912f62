#!/usr/bin/env node
// `npm test`: the one gate (DESIGN habit 11). Typecheck, lint (zero warnings), formatting, a
// production build and the bundle budget, the compiled server started once, the dependency
// audit, unit and component tests, API tests against PGlite, then browser tests in Chromium
// (with axe). Prints every step's seconds at the end.
//
// Steps marked `alongside` have no timing in them (no test timeouts), so they run side by side
// on all cores, each printing its output when it ends; every other step runs alone, streaming,
// after everything before it has passed (docs/decisions/016-test-suite-speed.md). To add a
// step, add one line below. The first failure stops the run (steps already running finish).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * @typedef {object} Step
 * @property {string} name
 * @property {string} command
 * @property {string[]} args
 * @property {boolean} [alongside] may run at the same time as the other `alongside` steps
 * @property {string[]} [after] names of earlier steps that must have passed first
 */

/** @type {Step[]} */
const steps = [
  {
    name: 'typecheck',
    command: 'npx',
    args: ['tsc', '--noEmit', '-p', 'tsconfig.json'],
    alongside: true,
  },
  { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings', '0'], alongside: true },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.'], alongside: true },
  { name: 'build', command: 'npx', args: ['vite', 'build', '--logLevel', 'warn'], alongside: true },
  {
    name: 'bundle budget',
    command: 'node',
    args: ['scripts/bundle-budget.mjs'],
    alongside: true,
    after: ['build'],
  },
  {
    name: 'precompress',
    command: 'node',
    args: ['scripts/precompress.mjs'],
    alongside: true,
    after: ['bundle budget'],
  },
  { name: 'server build', command: 'node', args: ['scripts/build-server.mjs'], alongside: true },
  {
    name: 'compiled server',
    command: 'node',
    args: ['scripts/check-built-server.mjs'],
    alongside: true,
    after: ['precompress', 'server build'],
  },
  { name: 'dependency audit', command: 'node', args: ['scripts/auditDeps.mjs'], alongside: true },
  { name: 'chromium', command: 'node', args: ['scripts/ensure-chromium.mjs'], alongside: true },
  {
    // One vitest run, one pool of two workers (ADR 034): the API files spend much of their
    // time waiting on the servers they start and on fsync, and unit and component files fill
    // that core; as two steps each ended on one worker while the other core idled.
    name: 'unit + component + API tests',
    command: 'npx',
    args: ['vitest', 'run', '--project', 'unit', '--project', 'web', '--project', 'api'],
  },
  {
    name: 'browser tests (e2e + axe)',
    command: 'npx',
    args: ['vitest', 'run', '--project', 'e2e'],
  },
];

/** How many `alongside` steps run at once (TEST_JOBS; default: the number of cores, at least 2). */
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || Math.max(2, availableParallelism()));

/** @type {Map<string, {status: 'passed' | 'failed' | 'skipped', seconds: number}>} */
const results = new Map();
const started = Date.now();

/** Runs one step; `quiet` collects its output and prints it in one piece when it ends. */
function run(step, quiet) {
  return new Promise((resolveRun) => {
    if (!quiet) console.log(`\n=== ${step.name} ===`);
    const t0 = Date.now();
    const child = spawn(step.command, step.args, {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const finish = (code) => {
      const seconds = (Date.now() - t0) / 1000;
      const status = code === 0 ? 'passed' : 'failed';
      if (quiet) {
        console.log(`\n=== ${step.name} ===`);
        if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      }
      console.log(
        status === 'passed'
          ? `✓ ${step.name} (${seconds.toFixed(1)} s)`
          : `✗ ${step.name} failed (${seconds.toFixed(1)} s)`,
      );
      results.set(step.name, { status, seconds });
      resolveRun(status === 'passed');
    };
    child.on('error', (error) => {
      output += `${error.message}\n`;
      finish(1);
    });
    child.on('close', finish);
  });
}

const running = new Set();
let failed = false;

async function waitForSlot() {
  while (running.size >= jobs) await Promise.race(running);
}
async function waitForAll() {
  while (running.size > 0) await Promise.race(running);
}

for (const step of steps) {
  if (failed) break;
  if (step.alongside) {
    await waitForSlot();
    // A prerequisite still running is waited for; one that failed stops the run above.
    while (!failed && (step.after ?? []).some((name) => !results.has(name))) {
      if (running.size === 0) throw new Error(`${step.name}: put the steps it is after first`);
      await Promise.race(running);
    }
    if (failed) break;
    const promise = run(step, true).then((ok) => {
      running.delete(promise);
      if (!ok) failed = true;
    });
    running.add(promise);
  } else {
    await waitForAll();
    if (failed) break;
    if (!(await run(step, false))) failed = true;
  }
}
await waitForAll();

// The summary: every step and its own seconds (alongside steps overlap, so they add up to more
// than the wall time), then the wall time of the whole run.
const width = Math.max(...steps.map((s) => s.name.length));
console.log(`\n${'step'.padEnd(width)}  seconds  result`);
for (const step of steps) {
  const result = results.get(step.name);
  const seconds = result ? result.seconds.toFixed(1) : '-';
  const label = result ? result.status : 'not run';
  const mark = step.alongside ? ' (alongside)' : '';
  console.log(`${step.name.padEnd(width)}  ${seconds.padStart(7)}  ${label}${mark}`);
}
const total = ((Date.now() - started) / 1000).toFixed(0);
const passed = [...results.values()].filter((r) => r.status === 'passed').length;
const failures = [...results.values()].filter((r) => r.status === 'failed').length;
console.log(`${'total (wall)'.padEnd(width)}  ${total.padStart(7)}`);
if (failures > 0) {
  console.log(`\nchecks: ${passed} passed, ${failures} failed`);
  process.exit(1);
}
console.log(`\nAll checks passed in ${total} s`);
console.log(`checks: ${passed} passed, 0 failed`);
