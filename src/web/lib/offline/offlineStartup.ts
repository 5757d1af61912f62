/** What startOffline.ts loads when the page is idle (issue 18 item 1). */
import { registerServiceWorker } from './registerServiceWorker.ts';
import { startOutbox } from './startOutbox.ts';

export async function offlineStartup(worker: boolean): Promise<void> {
  startOutbox();
  if (worker) await registerServiceWorker();
  // Marks <html data-offline-ready> for tests that must know the outbox listens and the worker
  // registration ran, like data-app-ready (src/web/main.tsx).
  document.documentElement.dataset.offlineReady = 'true';
}
