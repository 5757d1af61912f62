/**
 * Starts error reporting once and records a page view per route (spec §3 'page views are also
 * recorded', §7 'Monitoring'). Both modules are imported lazily: the Layout that calls this hook
 * is on the first page, and neither may weigh on it (bundle budget, helper rules 7).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export function useSiteTelemetry(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    void import('./errorTransport.ts').then((m) => m.startErrorReporting()).catch(() => undefined);
  }, []);
  useEffect(() => {
    // Administrators reading the dashboards are not visitors.
    if (pathname.startsWith('/admin/') || pathname.startsWith('/dev/')) return;
    void import('./analytics.ts').then((m) => m.trackPageView(pathname)).catch(() => undefined);
  }, [pathname]);
}
