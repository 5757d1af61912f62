import { useCallback, useEffect, useRef, useState } from 'react';
import { sharedAudioContext } from '../../../audio/audioContext.ts';
import { createDrones, type Drones } from '../../../audio/synth/drones.ts';
import type { Hz } from '../../../music/notes.ts';

/** Spec §9 'Drone volume': 0 to 1, default 0.5. */
export const DEFAULT_DRONE_VOLUME = 0.5;

/**
 * The app's drones for a screen (src/audio/synth/drones.ts), tuned to the chanter's Low A.
 * `onChange` receives the bass frequency while they play and null when they stop: pass
 * useNoteInput's setDrones so the listening engine cancels them (issue 4 point 3).
 */
export function useDrones(
  lowA: Hz,
  onChange: (bassHz: Hz | null) => void,
  volume = DEFAULT_DRONE_VOLUME,
): { playing: boolean; toggle: () => void; stop: () => void } {
  const drones = useRef<Drones | null>(null);
  const [playing, setPlaying] = useState(false);

  const stop = useCallback(() => {
    drones.current?.stop();
    drones.current = null;
    setPlaying(false);
    onChange(null);
  }, [onChange]);

  const play = useCallback(() => {
    // Called from a click: get() creates or resumes the context inside the gesture.
    const context = sharedAudioContext().get();
    const next = createDrones(context, context.destination, { lowA, volume });
    next.start();
    drones.current = next;
    setPlaying(true);
    onChange(next.bassHz);
  }, [lowA, volume, onChange]);

  const toggle = useCallback(() => (drones.current ? stop() : play()), [play, stop]);

  // A different chanter retunes them; leaving the screen silences them.
  useEffect(() => {
    if (!drones.current || drones.current.bassHz === lowA / 4) return;
    drones.current.stop();
    const context = sharedAudioContext().get();
    const next = createDrones(context, context.destination, { lowA, volume });
    next.start();
    drones.current = next;
    onChange(next.bassHz);
  }, [lowA, volume, onChange]);
  useEffect(() => () => drones.current?.stop(), []);

  return { playing, toggle, stop };
}
