import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import type { RouteMeta, ScreenKey } from '../../contracts/routes.ts';
import { screens } from './screens.ts';
import { loadChunk } from './loadChunk.ts';
import { RouteGuard } from './RouteGuard.tsx';
import { RouteHead } from './RouteHead.tsx';

const lazyScreens = new Map<ScreenKey, ComponentType>();

function lazyScreen(key: ScreenKey, loadingName: string): ComponentType {
  let screen = lazyScreens.get(key);
  if (!screen) {
    screen = lazy(() => loadChunk(loadingName, screens[key]));
    lazyScreens.set(key, screen);
  }
  return screen;
}

/** 'Loading {Screen}...' while the chunk loads (spec §2.1). */
export function LoadingScreen({ name }: { name: string }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      Loading {name}...
    </div>
  );
}

export function screenElement(meta: RouteMeta): ReactElement {
  const Screen = lazyScreen(meta.screen, meta.loadingName);
  const content = (
    <>
      <RouteHead meta={meta} />
      <Suspense fallback={<LoadingScreen name={meta.loadingName} />}>
        <Screen />
      </Suspense>
    </>
  );
  return meta.access === 'guarded' ? <RouteGuard>{content}</RouteGuard> : content;
}
