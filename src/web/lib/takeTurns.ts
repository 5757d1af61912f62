/**
 * One at a time, with the main thread given back in between (issue 21 item 3: no long tasks).
 * Many small widgets that each do a few tens of ms of work on mount — a page of search results
 * each drawing its first line of music — would otherwise run in one task. Each asks for a turn;
 * turns are granted in order, one per task, after the previous holder is done.
 */
import { yieldToMain } from './runInSlices.ts';

export interface TurnQueue {
  /** Resolves when it is the caller's turn; call the returned `done` when finished. */
  take(signal?: AbortSignal): Promise<() => void>;
}

export function createTurnQueue(pause: () => Promise<void> = yieldToMain): TurnQueue {
  let tail: Promise<void> = Promise.resolve();
  return {
    take(signal) {
      const previous = tail;
      let release!: () => void;
      const mine = new Promise<void>((resolve) => {
        release = resolve;
      });
      tail = mine;
      // Released at once when abandoned, so an unmounted widget never holds up the rest.
      signal?.addEventListener('abort', () => release(), { once: true });
      return previous.then(pause).then(() => release);
    },
  };
}
