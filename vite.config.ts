import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { creditsPlugin } from './scripts/credits.ts';
import { preloadDependencies } from './scripts/preloadDependencies.ts';
import { prerenderPlugin } from './scripts/prerender.ts';

// The SPA is built into dist/ and served by the Fastify server (src/server/app.ts), which
// injects each route's SEO head into index.html. In `npm run dev` Vite proxies /api to it.
export default defineConfig({
  plugins: [react(), creditsPlugin(), prerenderPlugin()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // A chunk our own code retries is not preloaded (one request per attempt; issue 13.16).
    modulePreload: { resolveDependencies: preloadDependencies },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
});
