/**
 * Every screen's way to hear the chanter (issue 4 point 5: one interface for the microphone
 * and the keyboard chanter; DESIGN habit 1): the one place where the microphone engine and
 * the keyboard chanter are wired to the browser (AudioContext, mediaDevices,
 * AudioWorkletNode, window, timers) and to the settings store (chanter, microphone, gain).
 * Used by the tuner, chanter test and sync, flash-card quiz and games. Readings arrive
 * through useSyncExternalStore (habit 5). It is a bridge only: note events go from the
 * active input to a note event controller engine to engine (issue 14 item 1), and screens
 * hand `noteEvents` to their engines (Blaster's runner) or to useNoteEvents; no reading
 * passes through a React effect.
 *
 * With options it also runs the listening dialogs of spec §2.4 / §4 'Dialog display'
 * (Chanter Recommended, Keyboard Chanter, Microphone Access Problem, Microphone Connection
 * Issue) through the app's dialog service, so every screen gets the same rules; Chanter
 * Recommended waits until the piper has played a few notes (issue 22 item 12).
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { sharedAudioContext } from '../../audio/audioContext.ts';
import { createKeyboardChanter, type KeyboardChanter } from '../../audio/keyboardChanter.ts';
import { createListeningEngine, type ListeningEngine } from '../../audio/listeningEngine.ts';
import type { NoteEvents, TimedReadingSource } from '../../audio/noteEvents/noteEvent.ts';
import {
  createNoteEventController,
  type NoteEventController,
} from '../../audio/noteEvents/noteEventController.ts';
import { isPermissionError, type MicrophoneError } from '../../audio/microphone.ts';
import type { NoteReading } from '../../audio/noteSource.ts';
import { processorUrl } from '../../audio/pitch/worklet/processorUrl.ts';
import { DEFAULT_DETECTION_SETTINGS, clampGain, type Chanter } from '../../music/chanter.ts';
import type { Pitch } from '../../music/notes.ts';
import type { Cents, Hz } from '../../music/units.ts';
import { dialogs } from '../ui/dialogService.ts';
import { KEYBOARD_CHANTER, STANDARD_CHANTER, keys, type DialogComponent } from '../storage/keys.ts';
import { useStoredValue } from '../storage/useStoredValue.ts';
import { isKeyboardChanter, activeChanter } from './activeChanter.ts';
import { shouldOfferChanterRecommended } from './shouldOfferChanterRecommended.ts';
import { onFirstGesture } from './onFirstGesture.ts';
import { reportError } from './monitoring.ts';
import { trackFeature } from './analytics.ts';

export type NoteInputKind = 'microphone' | 'keyboard';

export interface NoteInputOptions {
  /**
   * The screen's dialog scope (spec §3 'Component names that scope dialogs'). Given, the
   * hook shows 'Chanter Recommended' while the Standard chanter is selected (once the
   * microphone has heard a few notes: shouldOfferChanterRecommended.ts) and 'Keyboard
   * Chanter' while Keyboard is (spec §4 'Dialog display': once per session, never again once
   * seen for this component), plus the microphone dialogs.
   */
  readonly component?: DialogComponent;
  /**
   * Show 'Microphone Access Problem' (access refused, no device) or 'Microphone Connection
   * Issue' (timeout, busy, other) when starting the microphone fails. Defaults to true when
   * `component` is given.
   */
  readonly microphoneDialogs?: boolean;
  /** Measure against this chanter instead of the selected one (Chanter Sync uses Standard). */
  readonly chanter?: Chanter;
  /** Widens (+) or narrows (−) every note's window (spec §3 toleranceAdjustment, default 0). */
  readonly toleranceAdjustment?: Cents;
  /**
   * Whether the screen can take a dialog now (default true): a game passes false while it is
   * played, so a due Chanter Recommended waits for the game to end (issue 22 item 12).
   */
  readonly atRest?: boolean;
}

export interface NoteInput {
  readonly reading: NoteReading;
  readonly input: NoteInputKind;
  readonly chanter: Chanter;
  readonly listening: boolean;
  /** Call from a click: the AudioContext may only start inside a user gesture. */
  start(): void;
  stop(): void;
  setInput(input: NoteInputKind): void;
  /**
   * Note events from whichever input is active, on the audio clock (issue 14 item 1): pass
   * it to an engine, or read it with useNoteEvents. The same object for the hook's life.
   * Its readings come too, after the note events they caused: a Battle answer carries its
   * note's first readings as a trace (issue 17 item 3).
   */
  readonly noteEvents: NoteEvents & TimedReadingSource;
  /**
   * The screen's drones (src/audio/synth/drones.ts) started at this bass frequency, or
   * stopped (null): the listening engine cancels them from the microphone (issue 4 point 3).
   */
  setDrones(bassHz: Hz | null): void;
}

const timers = {
  setTimeout: (callback: () => void, ms: number) => window.setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};

/** The prerendered first view has no window to listen on (issue 21.1). */
const NO_KEYS = { addEventListener() {}, removeEventListener() {} };

/**
 * The keyboard's note events go on the audio clock when the page's AudioContext runs (a
 * screen playing sound, which events are compared with); with no sound running there is
 * nothing to line up with, and performance time stands in.
 */
function audioTime(): number {
  const context = sharedAudioContext().current();
  return context?.state === 'running' ? context.currentTime : performance.now() / 1000;
}

interface Engines {
  microphone: ListeningEngine;
  keyboard: KeyboardChanter;
  noteEvents: NoteEventController;
}

function makeEngines(): Engines {
  return {
    noteEvents: createNoteEventController(),
    microphone: createListeningEngine({
      audio: sharedAudioContext(),
      // No navigator when the first view is prerendered (issue 21.1); nothing starts there.
      mediaDevices: (typeof navigator === 'undefined' ? undefined : navigator.mediaDevices) as
        MediaDevices | undefined,
      timers,
      workletUrl: processorUrl,
      createWorkletNode: (context, name, options) => new AudioWorkletNode(context, name, options),
    }),
    keyboard: createKeyboardChanter({
      target: typeof window === 'undefined' ? NO_KEYS : window,
      clock: { now: () => performance.now(), ...timers },
      audioTime,
    }),
  };
}

/** Refused access or no usable device: the 'Microphone Access Problem' dialog (spec §2.4). */
const ACCESS_PROBLEMS = new Set<MicrophoneError['kind']>([
  'denied',
  'unsupported',
  'notFound',
  'selectedUnavailable',
]);

/** Spec §7 'Monitoring': microphone permission errors are dropped; other failures reported. */
export function reportMicrophoneError(error: MicrophoneError): void {
  if (isPermissionError(error)) return;
  reportError(new Error(error.message), {
    source: 'microphone',
    kind: error.kind,
    code: error.code,
  });
}

/** The §2.4 microphone dialog for a failed start. */
export function showMicrophoneDialog(error: MicrophoneError): void {
  if (ACCESS_PROBLEMS.has(error.kind)) {
    dialogs.show({
      type: 'dlg_microphone_problem',
      message: error.message,
      ...(error.code ? { errorCode: error.code } : {}),
    });
  } else {
    dialogs.show({ type: 'dlg_microphone_connection_error' });
  }
}

export function useNoteInput(options: NoteInputOptions = {}): NoteInput {
  const { component, toleranceAdjustment = 0, atRest = true } = options;
  const microphoneDialogs = options.microphoneDialogs ?? component !== undefined;
  const [chanterId] = useStoredValue(keys.chanterId);
  const [chanterName] = useStoredValue(keys.chanterName);
  const [customs] = useStoredValue(keys.customChanters);
  const [deviceId] = useStoredValue(keys.microphone);
  const [gain] = useStoredValue(keys.gain);
  const [instrument] = useStoredValue(keys.instrument);
  const [engines] = useState(makeEngines);
  const [input, setInputState] = useState<NoteInputKind>(() =>
    isKeyboardChanter(chanterId) ? 'keyboard' : 'microphone',
  );
  // Keyed by id so a caller passing a fresh object each render does not loop the effect.
  const overrideRef = useRef(options.chanter ?? null);
  overrideRef.current = options.chanter ?? null;
  const overrideId = options.chanter?.id ?? null;
  const [chanter, setChanter] = useState(
    () => overrideRef.current ?? activeChanter(chanterId, customs),
  );
  const source = input === 'keyboard' ? engines.keyboard : engines.microphone;
  const reading = useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);
  // Wiring, not data: the controller takes the active input's readings directly, and a
  // switch of input ends the note the old one was sounding.
  useEffect(() => engines.noteEvents.connect(source), [engines, source]);

  // Follow the settings store; the chanter and device apply from the next start.
  useEffect(() => {
    const next = (overrideId !== null && overrideRef.current) || activeChanter(chanterId, customs);
    setChanter(next);
    engines.microphone.configure({ chanter: next, deviceId });
  }, [engines, chanterId, customs, deviceId, overrideId]);
  useEffect(() => {
    engines.microphone.setSettings({
      ...DEFAULT_DETECTION_SETTINGS,
      gain: clampGain(gain),
      toleranceAdjustment,
    });
  }, [engines, gain, toleranceAdjustment]);
  // Leaving the screen releases the microphone (habit 2). The engines stay reusable, which
  // StrictMode's unmount-and-remount in development needs.
  useEffect(
    () => () => {
      engines.microphone.stop();
      engines.keyboard.stop();
      // A dialog still waiting for its turn was this screen's (issue 13.14).
      dialogs.dropQueued();
    },
    [engines],
  );

  // Open the audio device and load the worklet on the page's first press, not while it loads
  // or idles: the first AudioContext blocks the main thread (issue 21 item 3; a long task on
  // every visit to /tuner). A press on 'Start listening' begins with pointerdown, so the
  // worklet is on its way before the click resumes the context.
  useEffect(() => {
    if (input !== 'microphone' || typeof window.AudioContext !== 'function') return;
    return onFirstGesture(window, () => engines.microphone.prepare());
  }, [engines, input]);

  const start = useCallback(() => {
    // Spec §3 'Analytics events': which screens pipers listen on, and with which input.
    trackFeature(component ?? 'listening', `listen_${input}`);
    void source.start();
  }, [source, component, input]);
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
  // Pipes: the listening path follows and removes the pipes' own drones (issue 14 item 5).
  useEffect(() => engines.microphone.setPipes(instrument === 'pipes'), [engines, instrument]);
  const setDrones = useCallback((hz: Hz | null) => engines.microphone.setDrones(hz), [engines]);

  // Choosing Keyboard as the chanter (Settings or a screen's picker) switches the input to
  // it; leaving Keyboard for a real chanter switches back to the microphone (spec §3).
  const previousId = useRef(chanterId);
  useEffect(() => {
    if (previousId.current === chanterId) return;
    const wasKeyboard = isKeyboardChanter(previousId.current);
    previousId.current = chanterId;
    if (isKeyboardChanter(chanterId)) setInput('keyboard');
    else if (wasKeyboard) setInput('microphone');
  }, [chanterId, setInput]);

  // Spec §4 'Dialog display': the dialog service applies the seen/session/chanter rules.
  // Keyboard Chanter lists the keys, so it comes as soon as the keyboard is chosen.
  useEffect(() => {
    if (component && chanterName === KEYBOARD_CHANTER) {
      dialogs.show({ type: 'dlg_keyboard_chanter_info', component });
    }
  }, [component, chanterName]);
  // Chanter Recommended is about note detection: due once the microphone has heard a few
  // notes, at a pause (issue 22 item 12; shouldOfferChanterRecommended.ts).
  const heard = useRef<{ last: Pitch | null; count: number }>({ last: null, count: 0 });
  const heardNote = input === 'microphone' ? reading.note : null;
  useEffect(() => {
    const h = heard.current;
    if (heardNote !== null && heardNote !== h.last) h.count++;
    h.last = heardNote;
    if (!component || chanterName !== STANDARD_CHANTER) return;
    const due = shouldOfferChanterRecommended({
      chanterName,
      input,
      notesHeard: h.count,
      sounding: heardNote !== null,
      atRest,
    });
    if (due) dialogs.show({ type: 'dlg_custom_chanter_recommended', component });
  }, [component, chanterName, input, heardNote, atRest]);

  const error = reading.error;
  useEffect(() => {
    if (!error) return;
    reportMicrophoneError(error);
    if (microphoneDialogs) showMicrophoneDialog(error);
  }, [error, microphoneDialogs]);

  return {
    reading,
    input,
    chanter,
    listening: reading.status === 'listening' || reading.status === 'starting',
    start,
    stop,
    setInput,
    noteEvents: engines.noteEvents,
    setDrones,
  };
}
