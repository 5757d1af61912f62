/**
 * Starts error reporting once and records a page view per route (spec §3 'page views are also
 * recorded', §7 'Monitoring'). Both modules are imported lazily: the Layout that calls this hook
 * is on the first page, and neither may weigh on it (bundle budget, helper rules 7). Error
 * reporting starts in a task of its own, not in the hydration's effects task (issue 21 item 3):
 * errors before it are kept (uncaughtErrors.ts). A page view is recorded at once: a visitor who
 * leaves within a moment still visited, and a navigation must not cancel the view before it.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export function useSiteTelemetry(): void {
  const { pathname } = useLocation();
  useEffect(
    () => later(() => import('./errorTransport.ts').then((m) => m.startErrorReporting())),
    [],
  );
  useEffect(() => {
    // Administrators reading the dashboards are not visitors.
    if (pathname.startsWith('/admin/') || pathname.startsWith('/dev/')) return;
    void import('./analytics.ts').then((m) => m.trackPageView(pathname)).catch(() => undefined);
  }, [pathname]);
}

/** Runs `start` in a task of its own; the returned cleanup cancels it if it has not begun. */
function later(start: () => Promise<unknown>): () => void {
  const timer = setTimeout(() => void start().catch(() => undefined), 0);
  return () => clearTimeout(timer);
}
