import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { preloadScreen } from './app/screenElement.tsx';
import { applyServerStyles } from './app/applyServerStyles.ts';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/**
 * Marks <html data-app-ready="hydrated|rendered"> once React committed the first view, for
 * tests and benchmarks that must wait for it (issue 21.1). Renders nothing, so the prerendered
 * HTML has no counterpart to mismatch.
 */
function AppReady({ how }: { how: 'hydrated' | 'rendered' }) {
  useEffect(() => {
    document.documentElement.dataset.appReady = how;
  }, [how]);
  return null;
}

const app = (how: 'hydrated' | 'rendered') => (
  <StrictMode>
    <RouterProvider router={router} />
    <AppReady how={how} />
  </StrictMode>
);
// Public screens arrive prerendered (src/web/entry-server.tsx, docs/decisions/019): hydrate
// them once the screen's chunk is here. A page without server HTML (dev server, guarded
// routes) or whose chunk failed to load renders from scratch, the lazy route showing
// 'Loading {Screen}...' or the error page (spec §2.1, §8).
if (root.firstElementChild) {
  preloadScreen(window.location.pathname).then(
    () => {
      applyServerStyles(root);
      hydrateRoot(root, app('hydrated'));
    },
    () => {
      root.replaceChildren();
      createRoot(root).render(app('rendered'));
    },
  );
} else {
  createRoot(root).render(app('rendered'));
}
