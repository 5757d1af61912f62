import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { creditsPlugin } from './scripts/credits.ts';
import { preloadDependencies } from './scripts/preloadDependencies.ts';
import { prerenderPlugin } from './scripts/prerender.ts';
import { offlinePlugins } from './scripts/offlineBuild.ts';
import { ocrAssetsPlugin } from './scripts/ocrAssets.ts';

// The SPA is built into dist/ and served by the Fastify server (src/server/app.ts), which
// injects each route's SEO head into index.html. In `npm run dev` Vite proxies /api to it.
export default defineConfig(({ command }) => ({
  // offlinePlugins: the web app manifest, and the service worker written after the prerender
  // (issue 18 item 1).
  // ocrAssetsPlugin: the title reader's engine files at fixed paths (issue 20 item 1).
  plugins: [react(), creditsPlugin(), ocrAssetsPlugin(), prerenderPlugin(), ...offlinePlugins()],
  // react-router's package exports only its development build (dev warnings, invariants with
  // messages): the production build it ships beside it is 0.5 KB gzip smaller in the first
  // load (issue 21 item 4). Builds only; tests and `npm run dev` keep the warnings.
  resolve:
    command === 'build'
      ? {
          alias: [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ],
        }
      : {},
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // A chunk our own code retries is not preloaded (one request per attempt; issue 13.16).
    // No modulepreload polyfill (0.4 KB gzip of every first load, issue 21 item 4): every
    // browser we support preloads modules natively; one that does not only loads them later.
    modulePreload: { polyfill: false, resolveDependencies: preloadDependencies },
  },
  // Seven hash characters, not eight (rolldown wants at least 7 for this many chunks): the entry
  // names every lazy chunk and stylesheet for its preloads (~300 names), and random characters
  // do not compress — 7 × base64 is 42 bits, ample to tell one build's file from the next
  // (issue 21 item 4, first-load budget). The browser build only: the prerender's server build
  // keeps its plain names (scripts/prerender.ts imports dist-ssr/entry-server.js).
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            entryFileNames: 'assets/[name]-[hash:7].js',
            chunkFileNames: 'assets/[name]-[hash:7].js',
            assetFileNames: 'assets/[name]-[hash:7][extname]',
          },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
}));
