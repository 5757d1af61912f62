import { useEffect, useState, useSyncExternalStore } from 'react';
import { createToneGenerator, type ToneGenerator } from '../../../audio/toneGenerator.ts';
import type { Hz } from '../../../music/notes.ts';

/**
 * The synthesis bench's way to the tone engine (DESIGN habit 1). Making the engine object is
 * free; the AudioContext inside it is created on the first play(), which only ever runs in a
 * click handler, so the browser's autoplay rule is met.
 */
export function useToneGenerator(): {
  playing: Hz | null;
  play: ToneGenerator['play'];
  stop: () => void;
} {
  const [engine] = useState(() =>
    createToneGenerator({ createContext: () => new AudioContext(), gain: 0.5 }),
  );
  const playing = useSyncExternalStore(engine.subscribe, engine.getSnapshot, () => null);
  // Closes audio on leaving the page. dispose() leaves the engine reusable, which StrictMode's
  // unmount-and-remount in development needs.
  useEffect(() => () => engine.dispose(), [engine]);
  return { playing, play: engine.play, stop: engine.stop };
}
