/**
 * The app's one practice history and recorder (issue 18 item 2), wired to the browser in one
 * place: IndexedDB, the settings store's checkpoint key, the wall clock, v4 ids, and the page
 * lifecycle (pagehide, and 'hidden' — a phone may kill a hidden tab without a pagehide).
 * Loaded only by the lazy screens that record or show practice, never by the first page.
 */
import type { PracticeRecord } from '../../contracts/progress/practiceRecord.ts';
import { indexedDbHistory } from './indexedDbHistory.ts';
import { keys } from './keys.ts';
import { newUuidV4 } from './localUser.ts';
import { createPracticeHistory, type PracticeHistory } from './practiceHistory.ts';
import { createPracticeRecorder, type PracticeRecorder } from './practiceRecorder.ts';
import { settingsStore } from './settingsStore.ts';

let history: PracticeHistory | undefined;
let recorder: PracticeRecorder | undefined;
const recordedListeners = new Set<(record: PracticeRecord) => void>();

export function practiceHistory(): PracticeHistory {
  history ??= createPracticeHistory(indexedDbHistory());
  return history;
}

export function practiceRecorder(): PracticeRecorder {
  if (recorder) return recorder;
  const store = settingsStore();
  const made = createPracticeRecorder({
    history: practiceHistory(),
    checkpoints: {
      read: () => store.read(keys.practiceRunning),
      write: (value) => store.write(keys.practiceRunning, value),
    },
    now: () => Date.now(),
    newId: newUuidV4,
    onRecorded: (record) => recordedListeners.forEach((l) => l(record)),
  });
  recorder = made;
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => made.checkpoint());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') made.checkpoint();
    });
  }
  // Sessions cut short by a closed tab last time join the history now.
  void made.recover();
  return made;
}

/** Told after each session stored on this device (the sync uploads it). */
export function onPracticeRecorded(listener: (record: PracticeRecord) => void): () => void {
  recordedListeners.add(listener);
  return () => recordedListeners.delete(listener);
}
