import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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
          environment: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/server/**/*.api.test.ts', 'src/web/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/testSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
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
          fileParallelism: false,
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
