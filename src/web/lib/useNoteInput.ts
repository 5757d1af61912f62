/**
 * Every screen's way to hear the chanter (issue 4 point 5: one interface for the microphone
 * and the keyboard chanter; DESIGN habit 1): the one place where the microphone engine and
 * the keyboard chanter are wired to the browser (AudioContext, mediaDevices,
 * AudioWorkletNode, window, timers) and to the settings store (chanter, microphone, gain).
 * Used by the tuner, chanter test and sync, flash-card quiz and games. Readings arrive
 * through useSyncExternalStore (habit 5).
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { sharedAudioContext } from '../../audio/audioContext.ts';
import { createKeyboardChanter, type KeyboardChanter } from '../../audio/keyboardChanter.ts';
import { createListeningEngine, type ListeningEngine } from '../../audio/listeningEngine.ts';
import type { NoteReading } from '../../audio/noteSource.ts';
import { processorUrl } from '../../audio/pitch/worklet/processorUrl.ts';
import { DEFAULT_DETECTION_SETTINGS, clampGain, type Chanter } from '../../music/chanter.ts';
import { keys } from '../storage/keys.ts';
import { useStoredValue } from '../storage/useStoredValue.ts';
import { isKeyboardChanter, activeChanter } from './activeChanter.ts';

export type NoteInputKind = 'microphone' | 'keyboard';

export interface NoteInput {
  readonly reading: NoteReading;
  readonly input: NoteInputKind;
  readonly chanter: Chanter;
  readonly listening: boolean;
  /** Call from a click: the AudioContext may only start inside a user gesture. */
  start(): void;
  stop(): void;
  setInput(input: NoteInputKind): void;
}

const timers = {
  setTimeout: (callback: () => void, ms: number) => window.setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};

function makeEngines(): { microphone: ListeningEngine; keyboard: KeyboardChanter } {
  return {
    microphone: createListeningEngine({
      audio: sharedAudioContext(),
      mediaDevices: navigator.mediaDevices as MediaDevices | undefined,
      timers,
      workletUrl: processorUrl,
      createWorkletNode: (context, name, options) => new AudioWorkletNode(context, name, options),
    }),
    keyboard: createKeyboardChanter({
      target: window,
      clock: { now: () => performance.now(), ...timers },
    }),
  };
}

export function useNoteInput(): NoteInput {
  const [chanterId] = useStoredValue(keys.chanterId);
  const [customs] = useStoredValue(keys.customChanters);
  const [deviceId] = useStoredValue(keys.microphone);
  const [gain] = useStoredValue(keys.gain);
  const [engines] = useState(makeEngines);
  const [input, setInputState] = useState<NoteInputKind>(() =>
    isKeyboardChanter(chanterId) ? 'keyboard' : 'microphone',
  );
  const [chanter, setChanter] = useState(() => activeChanter(chanterId, customs));
  const source = input === 'keyboard' ? engines.keyboard : engines.microphone;
  const reading = useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);

  // Follow the settings store; the chanter and device apply from the next start.
  useEffect(() => {
    const next = activeChanter(chanterId, customs);
    setChanter(next);
    engines.microphone.configure({ chanter: next, deviceId });
  }, [engines, chanterId, customs, deviceId]);
  useEffect(() => {
    engines.microphone.setSettings({ ...DEFAULT_DETECTION_SETTINGS, gain: clampGain(gain) });
  }, [engines, gain]);
  // Leaving the screen releases the microphone (habit 2). The engines stay reusable, which
  // StrictMode's unmount-and-remount in development needs.
  useEffect(
    () => () => {
      engines.microphone.stop();
      engines.keyboard.stop();
    },
    [engines],
  );

  const start = useCallback(() => void source.start(), [source]);
  const stop = useCallback(() => source.stop(), [source]);
  const setInput = useCallback(
    (next: NoteInputKind) => {
      engines.microphone.stop();
      engines.keyboard.stop();
      setInputState(next);
      // The keyboard needs no permission or gesture: it is ready as soon as it is chosen.
      if (next === 'keyboard') void engines.keyboard.start();
    },
    [engines],
  );

  return {
    reading,
    input,
    chanter,
    listening: reading.status === 'listening' || reading.status === 'starting',
    start,
    stop,
    setInput,
  };
}
