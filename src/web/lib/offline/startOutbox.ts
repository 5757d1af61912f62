/**
 * Sends what the offline outbox holds now, and again each time the browser comes back online
 * (issue 18 item 1). Started once, lazily, after the first load (offlineStartup.ts).
 */
import { flushOutbox, type OutboxItem, type SendOutcome } from '../../storage/outbox.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { isOnline } from './onlineStatus.ts';
import { sendOutboxItem } from './sendOutboxItem.ts';

export function startOutbox(
  send: (item: OutboxItem) => Promise<SendOutcome> = sendOutboxItem,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const flush = () => {
    if (!isOnline()) return;
    flushOutbox({ store: settingsStore(), send }).catch((error: unknown) =>
      console.warn('Could not send what was kept offline:', error),
    );
  };
  flush();
  target.addEventListener('online', flush);
  return () => target.removeEventListener('online', flush);
}
