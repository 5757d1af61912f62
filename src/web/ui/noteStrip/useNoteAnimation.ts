import { useEffect, useState, useSyncExternalStore } from 'react';
import { sharedAudioContext } from '../../../audio/audioContext.ts';
import { createNoteAnimation, type NoteAnimation } from '../../../audio/noteAnimation.ts';
import { browserSchedulerTimers } from '../../../audio/schedulerWorkerTimers.ts';
import type { Hz } from '../../../music/notes.ts';
import type { Seconds } from '../../../music/units.ts';

export type CreateNoteAnimation = (
  frequencyAt: (k: number) => Hz,
  interval: Seconds,
) => NoteAnimation;

/**
 * The browser wiring (DESIGN habit 2): the app's one context, made and resumed inside the
 * Play click, and the worker timers the metronome uses (they keep running in a background tab).
 */
export const browserNoteAnimation: CreateNoteAnimation = (frequencyAt, interval) =>
  createNoteAnimation<AudioContext>({
    getContext: () => sharedAudioContext().get(),
    timers: browserSchedulerTimers(),
    frequencyAt,
    interval,
  });

/** The strip's way to its engine: playing state through useSyncExternalStore (habit 5). */
export function useNoteAnimation(
  create: CreateNoteAnimation,
  frequencyAt: (k: number) => Hz,
  interval: Seconds,
): { animation: NoteAnimation; playing: boolean } {
  const [animation] = useState(() => create(frequencyAt, interval));
  const playing = useSyncExternalStore(animation.subscribe, animation.getSnapshot, () => false);
  useEffect(() => animation.setInterval(interval), [animation, interval]);
  // Leaving the page stops the tones; the engine stays reusable (StrictMode remounts).
  useEffect(() => () => animation.dispose(), [animation]);
  return { animation, playing };
}
