import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { preloadScreen } from './app/screenElement.tsx';
import { applyServerStyles } from './app/applyServerStyles.ts';
import { evaluateInTurn, pageModules } from './app/evaluateInTurn.ts';
import { useHydrated } from './lib/useHydrated.ts';
import { captureUncaught } from './lib/uncaughtErrors.ts';
import './app/app.css';

// Errors while the page loads are kept until reporting starts after hydration (spec §7).
captureUncaught();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/**
 * Marks <html data-app-ready="hydrated|rendered"> once React committed the first view, for
 * tests and benchmarks that must wait for it (issue 21.1). Renders nothing, so the prerendered
 * HTML has no counterpart to mismatch.
 */
function AppReady({ how }: { how: 'hydrated' | 'rendered' }) {
  // After hydration the browser-only values (useBrowserValue) arrive in one transition; ready
  // means they have, this component's own among them.
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.appReady = how;
  }, [how, hydrated]);
  return null;
}

const app = (how: 'hydrated' | 'rendered') => (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
    <AppReady how={how} />
  </StrictMode>
);

// A transition renders in slices that yield to the browser every few milliseconds, where a
// plain render was one long task of the first load (issue 21 item 3).
const render = () => startTransition(() => createRoot(root).render(app('rendered')));

// Public screens arrive prerendered (src/web/entry-server.tsx, docs/decisions/019): hydrate
// them once the screen's chunk is here. A page without server HTML (dev server, guarded
// routes) or whose chunk failed to load renders from scratch, the lazy route showing
// 'Loading {Screen}...' or the error page (spec §2.1, §8).
// The page's modules are evaluated one task each first, not as one graph in one long task
// (issue 21 item 3, src/web/app/evaluateInTurn.ts).
if (root.firstElementChild) {
  evaluateInTurn(pageModules(document), (href) => import(/* @vite-ignore */ href))
    .catch(() => undefined)
    .then(() => preloadScreen(window.location.pathname))
    .then(
      () => {
        applyServerStyles(root);
        startTransition(() => {
          hydrateRoot(root, app('hydrated'));
        });
      },
      () => {
        root.replaceChildren();
        render();
      },
    );
} else {
  render();
}

// Issue 18 item 1: offline use (worker, outbox, notices) starts after the load event and idle,
// from a chunk of its own, so none of it is in the first load's entry.
const startOfflineLater = () =>
  void import('./lib/offline/startOffline.ts').then((m) => m.startOffline());
if (document.readyState === 'complete') startOfflineLater();
else window.addEventListener('load', startOfflineLater, { once: true });
