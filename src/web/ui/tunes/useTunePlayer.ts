/**
 * The Sheet Music screen's way to the tune player (DESIGN habit 1): the player owns audio and
 * time; React reads its snapshot through useSyncExternalStore (habit 5).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { sharedAudioContext } from '../../../audio/audioContext.ts';
import { browserSchedulerTimers } from '../../../audio/schedulerWorkerTimers.ts';
import { createDrones } from '../../../audio/synth/drones.ts';
import {
  createTunePlayer,
  type TunePlayer,
  type TunePlayerSnapshot,
} from '../../../audio/tunePlayer.ts';

export type CreateTunePlayer = () => TunePlayer;

/** The browser wiring: the shared context, asked for inside the Play click (autoplay rules). */
export const browserTunePlayer: CreateTunePlayer = () =>
  createTunePlayer({
    getContext: () => sharedAudioContext().get(),
    // Worker timers keep the 25 ms check running in a background tab (ADR 010).
    timers: browserSchedulerTimers(),
    createDrones: (_ctx, _destination, options) => {
      const ctx = sharedAudioContext().get();
      return createDrones(ctx, ctx.destination, options);
    },
  });

export function useTunePlayer(create: CreateTunePlayer = browserTunePlayer): {
  player: TunePlayer;
  state: TunePlayerSnapshot;
} {
  const [player] = useState(create);
  const state = useSyncExternalStore(player.subscribe, player.getSnapshot, player.getSnapshot);
  // Leaving the page silences it; the player stays reusable (StrictMode remounts).
  useEffect(() => () => player.stop(), [player]);
  return { player, state };
}
