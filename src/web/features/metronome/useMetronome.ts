import { useEffect, useState, useSyncExternalStore } from 'react';
import { sharedAudioContext } from '../../../audio/audioContext.ts';
import { browserSchedulerTimers } from '../../../audio/schedulerWorkerTimers.ts';
import {
  createMetronomeEngine,
  type MetronomeEngine,
  type MetronomeSnapshot,
} from '../../../audio/metronomeEngine.ts';
import { asTimeSignature } from '../../../music/meter.ts';
import type { MetronomePreferences } from '../../storage/keys.ts';

export type CreateMetronome = (preferences: MetronomePreferences) => MetronomeEngine;

/** The browser wiring of the engine (DESIGN habit 2: collaborators are wired in one place). */
export const browserMetronome: CreateMetronome = (preferences) =>
  createMetronomeEngine({
    ...preferences,
    timeSignature: asTimeSignature(preferences.timeSignature),
    // The shared context is created and resumed inside the Start click (autoplay rules).
    getContext: () => sharedAudioContext().get(),
    fetch: (url) => window.fetch(url),
    // Worker timers keep the 25 ms check running in a background tab.
    timers: browserSchedulerTimers(),
    vibrate:
      typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function'
        ? (ms) => navigator.vibrate(ms)
        : undefined,
  });

/**
 * The metronome screen's way to its engine (DESIGN habit 1): the engine owns audio and time;
 * React reads its snapshot through useSyncExternalStore (habit 5).
 */
export function useMetronome(
  create: CreateMetronome,
  preferences: MetronomePreferences,
): { engine: MetronomeEngine; state: MetronomeSnapshot } {
  const [engine] = useState(() => create(preferences));
  const state = useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);

  // Preferences changed elsewhere (another tab) reach the engine; equal values are no-ops.
  useEffect(() => {
    engine.setView(preferences.view);
    engine.setSound(preferences.sound);
    engine.setHaptics(preferences.haptics);
    engine.setTimeSignature(asTimeSignature(preferences.timeSignature));
  }, [engine, preferences]);

  // The timer publishes beats every 25 ms; animation frames publish them on the frame the
  // audio clock reaches them, so the picture moves with the sound.
  useEffect(() => {
    if (!state.running || typeof requestAnimationFrame !== 'function') return;
    let frame = requestAnimationFrame(function loop() {
      engine.poll();
      frame = requestAnimationFrame(loop);
    });
    return () => cancelAnimationFrame(frame);
  }, [engine, state.running]);

  // Leaving the page stops the beats. dispose() leaves the engine reusable, which StrictMode's
  // unmount-and-remount in development needs.
  useEffect(() => () => engine.dispose(), [engine]);
  return { engine, state };
}
