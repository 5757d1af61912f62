/**
 * Runs once before the browser tests: makes sure the web app is built. It builds with Vite
 * when dist/index.html is missing or E2E_BUILD=1 (`npm test` builds before this step, so
 * normally nothing happens here). STATIC_DIR points the tests at another build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from './fixtures/server.ts';

export default function setup() {
  const staticDir = resolve(repoRoot, process.env.STATIC_DIR ?? 'dist');
  const index = join(staticDir, 'index.html');
  if (existsSync(index) && process.env.E2E_BUILD !== '1') return;
  if (process.env.STATIC_DIR) {
    throw new Error(`STATIC_DIR=${process.env.STATIC_DIR} has no index.html to test against.`);
  }
  console.log('e2e: building the web app (npx vite build)…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0 || !existsSync(index)) {
    throw new Error(
      `vite build failed (exit ${result.status}); browser tests need dist/index.html.`,
    );
  }
}
