#!/usr/bin/env node
// `npm test`: the one gate (DESIGN habit 11). Typecheck, lint (zero warnings), unit and
// component tests, API tests against PGlite, a production build, the bundle budget, then
// browser tests in Chromium (with axe). Stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['unit + component tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'web']],
  ['API tests (database)', 'npx', ['vitest', 'run', '--project', 'api']],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['bundle budget', 'node', ['scripts/bundle-budget.mjs']],
  ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['browser tests (e2e + axe)', 'npx', ['vitest', 'run', '--project', 'e2e']],
];

let passed = 0;
const started = Date.now();
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const t0 = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed (${seconds} s)`);
    console.log(`checks: ${passed} passed, 1 failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds} s)`);
  passed += 1;
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`checks: ${passed} passed, 0 failed`);
