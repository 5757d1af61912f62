/**
 * Runs once before the browser tests. Makes sure the web app is built: it builds with Vite
 * when dist/index.html is missing or E2E_BUILD=1 (`npm test` builds before this step, so
 * normally nothing happens here); STATIC_DIR points the tests at another build. Then it starts
 * the server once on an empty data directory and stops it: every test file's server starts on
 * a copy of that migrated directory instead of creating and migrating its own (issue 13.16).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, startServer } from './fixtures/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory each test server starts on a copy of. */
    e2eDataTemplate: string;
  }
}

function ensureBuilt(): void {
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

export default async function setup(project: TestProject) {
  ensureBuilt();
  const template = await mkdtemp(join(tmpdir(), 'chanterlab-e2e-template-'));
  const server = await startServer({ dataDir: template });
  const code = await server.stop();
  if (code !== 0) {
    await rm(template, { recursive: true, force: true });
    throw new Error(`The template server did not stop cleanly (exit ${code}):\n${server.output()}`);
  }
  project.provide('e2eDataTemplate', template);
  return () => rm(template, { recursive: true, force: true });
}
