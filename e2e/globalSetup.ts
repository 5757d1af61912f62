/**
 * Runs once before the browser tests. Makes sure the web app is built: it builds with Vite
 * when dist/index.html is missing or E2E_BUILD=1 (`npm test` builds before this step, so
 * normally nothing happens here); STATIC_DIR points the tests at another build. Then it starts
 * the server once on an empty data directory and stops it: every test file's server starts on
 * a copy of that migrated directory instead of creating and migrating its own (issue 13.16).
 * Before that it compiles the server from the current sources (scripts/build-server.mjs, a
 * second or two) into .tmp/: every test server runs that bundle with plain node, not tsx.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, startServer } from './fixtures/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory each test server starts on a copy of. */
    e2eDataTemplate: string;
    /** main.js of the server compiled for this run (e2e/fixtures/server.ts runs it). */
    e2eServerBundle: string;
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
    // vitest sets NODE_ENV=test, under which React's JSX runtime is the development one and
    // the prerendered pages fail ('jsxDEV is not a function'): build as `npm run build` does.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0 || !existsSync(index)) {
    throw new Error(
      `vite build failed (exit ${result.status}); browser tests need dist/index.html.`,
    );
  }
}

/**
 * Compiles the server into a directory of its own under .tmp/ (inside the repository, so the
 * bundle's package imports find node_modules). Built every run, never reused: the tests must
 * run the sources as they are now, and dist-server/ may be older.
 */
async function buildServer(): Promise<string> {
  await mkdir(join(repoRoot, '.tmp'), { recursive: true });
  const outdir = await mkdtemp(join(repoRoot, '.tmp', 'e2e-server-'));
  const result = spawnSync(process.execPath, ['scripts/build-server.mjs', `--outdir=${outdir}`], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const bundle = join(outdir, 'main.js');
  if (result.status !== 0 || !existsSync(bundle)) {
    throw new Error(`scripts/build-server.mjs failed (exit ${result.status}).`);
  }
  return outdir;
}

export default async function setup(project: TestProject) {
  ensureBuilt();
  const serverDir = await buildServer();
  const serverBundle = join(serverDir, 'main.js');
  const template = await mkdtemp(join(tmpdir(), 'chanterlab-e2e-template-'));
  const cleanUp = () =>
    Promise.all([
      rm(template, { recursive: true, force: true }),
      rm(serverDir, { recursive: true, force: true }),
    ]);
  const server = await startServer({ dataDir: template, serverBundle });
  const code = await server.stop();
  if (code !== 0) {
    await cleanUp();
    throw new Error(`The template server did not stop cleanly (exit ${code}):\n${server.output()}`);
  }
  project.provide('e2eDataTemplate', template);
  project.provide('e2eServerBundle', serverBundle);
  return cleanUp;
}
