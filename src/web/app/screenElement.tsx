import { lazy, Suspense, useEffect, type ComponentType, type ReactElement } from 'react';
import { matchRoute, type RouteMeta, type ScreenKey } from '../../contracts/routes.ts';
import { screens } from './screens.ts';
import { loadChunk } from './loadChunk.ts';
import { RouteGuard } from './RouteGuard.tsx';
import { RouteHead } from './RouteHead.tsx';

type ScreenModule = { default: ComponentType };

const lazyScreens = new Map<ScreenKey, ComponentType>();
/** Screens whose chunk arrived before the first render (preloadScreen). */
const preloaded = new Map<ScreenKey, ScreenModule>();

/**
 * A thenable that calls back at once: React.lazy marks a component resolved when its factory's
 * `then` calls back synchronously, so a preloaded screen renders in the same pass instead of
 * suspending. Hydration then matches the server's HTML in one go (issue 21.1).
 */
function settled(module: ScreenModule): Promise<ScreenModule> {
  return {
    then: (resolve: (m: ScreenModule) => unknown) => resolve(module),
  } as Promise<ScreenModule>;
}

function lazyScreen(key: ScreenKey, loadingName: string): ComponentType {
  let screen = lazyScreens.get(key);
  if (!screen) {
    screen = lazy(() => {
      const ready = preloaded.get(key);
      return ready ? settled(ready) : loadChunk(loadingName, screens[key]);
    });
    lazyScreens.set(key, screen);
  }
  return screen;
}

/**
 * Loads the chunk of the screen at `pathname` before the first render. The server's HTML
 * already shows that screen (src/web/entry-server.tsx); hydrating before its chunk arrived
 * would meet a suspended screen where the HTML has content (issue 21.1). Client navigation
 * still shows 'Loading {Screen}...' (spec §2.1).
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const meta = matchRoute(pathname);
  if (!meta || preloaded.has(meta.screen)) return;
  preloaded.set(meta.screen, await loadChunk(meta.loadingName, screens[meta.screen]));
}

/** 'Loading {Screen}...' while the chunk loads (spec §2.1). */
export function LoadingScreen({ name }: { name: string }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      Loading {name}...
    </div>
  );
}

/**
 * Marks <html data-screen-ready> once the route's screen itself has committed — hydrated or
 * rendered. The root's data-app-ready can come first: a screen inside its own Suspense
 * boundary may hydrate in a later pass, and a tap on its server HTML before then is lost.
 * Browser tests wait for both (e2e/fixtures/browser.ts).
 */
function ScreenReady({ path }: { path: string }) {
  useEffect(() => {
    document.documentElement.dataset.screenReady = path;
    return () => {
      if (document.documentElement.dataset.screenReady === path) {
        delete document.documentElement.dataset.screenReady;
      }
    };
  }, [path]);
  return null;
}

export function screenElement(meta: RouteMeta): ReactElement {
  const Screen = lazyScreen(meta.screen, meta.loadingName);
  const content = (
    <>
      <RouteHead meta={meta} />
      {/* One boundary per route: navigations run in a transition, which keeps showing an
          already revealed boundary (the previous screen) instead of its fallback, so a shared
          boundary would never say 'Loading {Screen}...' (spec §2.1). */}
      <Suspense key={meta.path} fallback={<LoadingScreen name={meta.loadingName} />}>
        <Screen />
        <ScreenReady path={meta.path} />
      </Suspense>
    </>
  );
  return meta.access === 'guarded' ? <RouteGuard>{content}</RouteGuard> : content;
}
