import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { preloadScreen } from './app/screenElement.tsx';
import { applyServerStyles } from './app/applyServerStyles.ts';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const app = (
  <StrictMode>
    <RouterProvider router={router} />
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
      hydrateRoot(root, app);
    },
    () => {
      root.replaceChildren();
      createRoot(root).render(app);
    },
  );
} else {
  createRoot(root).render(app);
}
