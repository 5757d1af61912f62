import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Vitest's default is one worker per core less one: a single worker on a 2-core machine, where
// the unit, component and API files then ran one after another with a core idle (issue 13.16).
// The files never shared state (larger machines already run them in parallel): at least two.
const workers = Math.max(2, availableParallelism() - 1);
// Vitest's 5 s per test is a speed check on a busy machine (the first ESLint run in
// scripts/lintRules.test.ts took 7 s): test timeouts catch hangs, so allow a loaded machine.
const testTimeout = 30_000;
const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS) || 2);

// Test projects (docs/decisions/005-test-harness.md):
//   unit  — pure code in node (music, contracts, audio cores, server helpers)
//   web   — React components and browser-side modules in jsdom
//   api   — Fastify app.inject() against a fresh database per file (PGlite, or PostgreSQL
//           when TEST_DATABASE_URL is set)
//   e2e   — the built server + Debian Chromium through playwright-core
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          maxWorkers: workers,
          // One module graph per worker, not per file (ADR 034): the files test pure code and
          // importing it again for each of ~180 files was 40 % of the step's CPU time. A file
          // that mocks a module imports its subject after vi.resetModules().
          isolate: false,
          testTimeout,
          environment: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['src/server/**/*.api.test.ts', 'src/web/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          maxWorkers: workers,
          testTimeout,
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/testSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          maxWorkers: workers,
          // Each file builds its own app on its own database (src/server/testing/testApp.ts);
          // the server's modules keep no state outside them, so a worker imports them once
          // instead of once per file (about 3.5 s a file; ADR 034).
          isolate: false,
          environment: 'node',
          include: ['src/server/**/*.api.test.ts'],
          globalSetup: ['src/server/testing/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll's own default gives up after 1 s: a speed check, not a bound for hangs.
          // playlists.e2e.ts failed on it at load 20–30 (the list showed the added tune later
          // than 1 s after the click). Polls without their own timeout wait up to 15 s, like
          // Testing Library's waitFor in the component tests (ADR 016, item 5).
          expect: { poll: { timeout: 15_000 } },
          // Each file has its own server (own port, own copy of the data directory) and its own
          // Chromium (fake-microphone flags differ per file), so files run side by side: two at
          // a time by default, E2E_WORKERS=1 for one after another (issue 13.16).
          maxWorkers: e2eWorkers,
        },
      },
      {
        // Screenshots for humans to look at (`npm run screenshots`); not part of `npm test`.
        extends: true,
        test: {
          name: 'screenshots',
          environment: 'node',
          include: ['e2e/**/*.shots.ts'],
          globalSetup: ['e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
