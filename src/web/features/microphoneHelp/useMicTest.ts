/**
 * The microphone test's way to its engine (DESIGN habit 1): the one place where
 * micTestEngine is wired to the browser (a 48 kHz AudioContext, mediaDevices, timers) and to
 * the settings store (the global microphone and gain). Status arrives through
 * useSyncExternalStore (habit 5); samples are read by the waveform once per frame.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import {
  createMicTestEngine,
  type MicTestEngine,
  type MicTestSnapshot,
} from '../../../audio/micTestEngine.ts';
import { clampGain } from '../../../music/chanter.ts';
import { listAudioInputs } from '../../lib/mediaDevices.ts';
import { keys } from '../../storage/keys.ts';
import { useStoredValue } from '../../storage/useStoredValue.ts';

export interface MicTest {
  readonly snapshot: MicTestSnapshot;
  /** The saved global microphone (null: system default). */
  readonly microphone: string | null;
  setMicrophone(deviceId: string | null): void;
  readonly gain: number;
  setGain(gain: number): void;
  /** Call from clicks: permission prompts and the AudioContext need a user gesture. */
  findMicrophones(): void;
  start(): void;
  stop(): void;
  /** The latest band-passed samples, null when not running. */
  waveform(): Float32Array | null;
  level(): number;
}

const timers = {
  setTimeout: (callback: () => void, ms: number) => window.setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};

function makeEngine(): MicTestEngine {
  return createMicTestEngine({
    createContext: (sampleRate) => new AudioContext({ sampleRate }),
    // No navigator when the first view is prerendered (issue 21.1); nothing starts there.
    mediaDevices: (typeof navigator === 'undefined' ? undefined : navigator.mediaDevices) as
      MediaDevices | undefined,
    listInputs: listAudioInputs,
    timers,
  });
}

export function useMicTest(): MicTest {
  const [engine] = useState(makeEngine);
  const snapshot = useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
  const [microphone, setMicrophone] = useStoredValue(keys.microphone);
  const [storedGain, setStoredGain] = useStoredValue(keys.gain);
  const gain = clampGain(storedGain);

  useEffect(() => engine.setGain(gain), [engine, gain]);
  // Leaving the page releases the microphone; the engine stays reusable for StrictMode.
  useEffect(() => () => engine.stop(), [engine]);

  // A saved microphone that is no longer plugged in would fail the test: the select shows
  // 'System default' then, so the test uses it too.
  const known = snapshot.devices?.some((d) => d.deviceId === microphone) ?? false;
  const deviceId = known ? microphone : null;
  const start = useCallback(() => void engine.start(deviceId), [engine, deviceId]);
  const chooseMicrophone = useCallback(
    (deviceId: string | null) => {
      setMicrophone(deviceId);
      // A running test follows the new choice at once.
      if (engine.getSnapshot().status === 'running') {
        engine.stop();
        void engine.start(deviceId);
      }
    },
    [engine, setMicrophone],
  );

  return {
    snapshot,
    microphone,
    setMicrophone: chooseMicrophone,
    gain,
    setGain: useCallback((g: number) => void setStoredGain(clampGain(g)), [setStoredGain]),
    findMicrophones: useCallback(() => void engine.findMicrophones(), [engine]),
    start,
    stop: useCallback(() => engine.stop(), [engine]),
    waveform: useCallback(() => engine.waveform(), [engine]),
    level: useCallback(() => engine.level(), [engine]),
  };
}
