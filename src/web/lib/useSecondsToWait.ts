/**
 * The seconds left of a form's 60-second resubmission wait (spec §5, §9), counting down once a
 * second. Time is a parameter (DESIGN habit 3): tests pass fake timers or a clock.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { secondsToWait } from '../../contracts/forms.ts';

export interface Clock {
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

/** `last` is the form's last-submission time in ms (0: never). */
export function useSecondsToWait(last: number, clock: Clock = systemClock): number {
  const subscribe = useCallback(
    (notify: () => void) => {
      // Four looks a second keep the shown number within 250 ms of the truth.
      const handle = clock.setInterval(notify, 250);
      return () => clock.clearInterval(handle);
    },
    [clock],
  );
  const snapshot = useCallback(() => secondsToWait(last, clock.now()), [last, clock]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
