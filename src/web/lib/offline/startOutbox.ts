/**
 * Sends what the offline outbox holds now, and again each time the browser comes back online
 * (issue 18 item 1). Started once, lazily, after the first load (offlineStartup.ts).
 */
import { flushOutbox, type OutboxItem, type SendOutcome } from '../../storage/outbox.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { isOnline } from './onlineStatus.ts';
import { sendOutboxItem } from './sendOutboxItem.ts';
import { sentNotices, type SentNotices } from './sentNotices.ts';

export function startOutbox(
  send: (item: OutboxItem) => Promise<SendOutcome> = sendOutboxItem,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  notices: SentNotices = sentNotices,
): () => void {
  // The piper sees what was sent for them (issue 18 item 1), in the page frame's notice.
  const sendAndSay = async (item: OutboxItem) => {
    const outcome = await send(item);
    if (outcome === 'sent') notices.add(item);
    return outcome;
  };
  const flush = () => {
    if (!isOnline()) return;
    flushOutbox({ store: settingsStore(), send: sendAndSay }).catch((error: unknown) =>
      console.warn('Could not send what was kept offline:', error),
    );
  };
  flush();
  target.addEventListener('online', flush);
  return () => target.removeEventListener('online', flush);
}
