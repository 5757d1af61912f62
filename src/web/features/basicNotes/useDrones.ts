import { useCallback, useEffect, useRef, useState } from 'react';
import { sharedAudioContext } from '../../../audio/audioContext.ts';
import { createDrones, type Drones } from '../../../audio/synth/drones.ts';
import type { Hz } from '../../../music/notes.ts';

export type CreateDrones = (lowA: Hz, volume: number) => Drones;

/** The browser wiring: the app's one context, made and resumed inside the checkbox click. */
export const browserDrones: CreateDrones = (lowA, volume) => {
  const ctx = sharedAudioContext().get();
  return createDrones(ctx, ctx.destination, { lowA, volume });
};

/**
 * Drones for Basic Notes (spec §2.3 'Include Drones'): made on the first switch-on (a click,
 * so audio may start), tuned to the chanter's Low A, stopped on switch-off and on leaving.
 */
export function useDrones(
  create: CreateDrones,
  lowA: Hz,
  volume: number,
): { on: boolean; setOn(on: boolean): boolean } {
  const drones = useRef<{ lowA: Hz; drones: Drones } | null>(null);
  const [on, setOnState] = useState(false);

  useEffect(() => {
    drones.current?.drones.setVolume(volume);
  }, [volume]);
  useEffect(() => () => drones.current?.drones.stop(), []);

  const setOn = useCallback(
    (next: boolean) => {
      try {
        if (next) {
          // A different chanter's Low A needs new drones.
          if (drones.current && drones.current.lowA !== lowA) {
            drones.current.drones.stop();
            drones.current = null;
          }
          drones.current ??= { lowA, drones: create(lowA, volume) };
          drones.current.drones.start();
        } else {
          drones.current?.drones.stop();
        }
        setOnState(next);
        return true;
      } catch {
        setOnState(false);
        return false;
      }
    },
    [create, lowA, volume],
  );
  return { on, setOn };
}
