/**
 * Sends what the offline outbox holds now, and again each time the browser comes back online
 * (issue 18 item 1). Started once, lazily, after the first load (offlineStartup.ts).
 *
 * A flush that leaves something waiting while the browser says it is online is tried again
 * after RETRY_DELAYS_MS: 'online' can come before the network carries anything (a phone
 * joining the hall's Wi-Fi, a captive portal), and a busy server answers 429 or 5xx. The last
 * delay repeats; coming back online starts the delays again.
 */
import {
  flushOutbox,
  waitingItems,
  type OutboxItem,
  type SendOutcome,
} from '../../storage/outbox.ts';
import { settingsStore } from '../../storage/settingsStore.ts';
import { isOnline } from './onlineStatus.ts';
import { sentNotices, type SentNotices } from './sentNotices.ts';

export const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 60_000] as const;

/**
 * The sender, loaded only when something waits: it brings the API client and the contracts'
 * schemas, whose evaluation was most of a 57 ms task (at 4× CPU) after every first load
 * (issue 21 item 3).
 */
const sendOutboxItem = (item: OutboxItem): Promise<SendOutcome> =>
  import('./sendOutboxItem.ts').then((m) => m.sendOutboxItem(item));

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
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const flush = () => {
    clearTimeout(retry);
    retry = undefined;
    if (stopped || !isOnline()) return;
    const store = settingsStore();
    flushOutbox({ store, send: sendAndSay })
      .catch((error: unknown) => console.warn('Could not send what was kept offline:', error))
      .finally(() => {
        if (stopped || waitingItems(store).length === 0) {
          failures = 0;
          return;
        }
        const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)];
        failures += 1;
        retry = setTimeout(flush, delay);
      });
  };
  const online = () => {
    failures = 0;
    flush();
  };
  flush();
  target.addEventListener('online', online);
  return () => {
    stopped = true;
    clearTimeout(retry);
    target.removeEventListener('online', online);
  };
}
