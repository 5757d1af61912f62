/**
 * Listening to a real chanter: microphone → AudioWorklet running ChanterListener → readings
 * for screens (issue 4; docs/decisions/006-pitch-detection.md). No React (DESIGN habit 1);
 * the context provider, mediaDevices, timers, worklet URL and node factory are passed in
 * (habit 2) and wired in one place (src/web/lib/useNoteInput.ts); readings reach
 * React through subscribe/getSnapshot (habit 5). The input gain of spec §5 is applied by the
 * detector itself (DetectionSettings.gain), so no GainNode sits in the path.
 */
import {
  DEFAULT_DETECTION_SETTINGS,
  STANDARD_CHANTER,
  clampGain,
  type Chanter,
  type DetectionSettings,
} from '../music/chanter.ts';
import type { Hz } from '../music/units.ts';
import type { AudioContextProvider } from './audioContext.ts';
import {
  MICROPHONE_UNSUPPORTED,
  MicrophoneAccessError,
  microphoneErrorFrom,
  microphoneErrorOf,
  openMicrophone,
} from './microphone.ts';
import type { Timers } from './timers.ts';
import type {
  AudioContextLike,
  MediaDevicesLike,
  NodeLike,
  StreamLike,
  WorkletNodeLike,
} from './webAudio.ts';
import { IDLE_READING, createEmitter, type NoteReading, type NoteSource } from './noteSource.ts';
import type { TimedReading } from './noteEvents/noteEvent.ts';
import {
  PROCESSOR_NAME,
  type ControlMessage,
  type ProcessorOptions,
  type ReadingMessage,
} from './pitch/worklet/messages.ts';

/** The parts of an AudioContext listening uses; a real AudioContext satisfies them. */
export type ListeningContext<S extends StreamLike> = Pick<
  AudioContextLike<S>,
  'state' | 'destination' | 'audioWorklet' | 'resume' | 'close' | 'createMediaStreamSource'
>;

export interface WorkletNodeOptions {
  readonly numberOfInputs: number;
  readonly numberOfOutputs: number;
  readonly outputChannelCount: number[];
  readonly channelCount: number;
  readonly channelCountMode: ChannelCountMode;
  readonly processorOptions: ProcessorOptions;
}

export interface ListeningEngineOptions<S extends StreamLike, C extends ListeningContext<S>> {
  audio: AudioContextProvider<C>;
  mediaDevices: MediaDevicesLike<S> | undefined;
  timers: Timers;
  /** The built worklet module (pitch/worklet/processorUrl.ts). */
  workletUrl: string;
  createWorkletNode(
    context: C,
    name: string,
    options: WorkletNodeOptions,
  ): WorkletNodeLike<ControlMessage>;
  chanter?: Chanter;
  settings?: DetectionSettings;
  /** The chosen microphone (settings store), or null for the system default. */
  deviceId?: string | null;
  timeoutMs?: number;
  /** 'Pipes' input: the pipes' own drones are followed and removed (issue 14 item 5). */
  pipes?: boolean;
}

export interface ListeningEngine extends NoteSource {
  /**
   * Before any click: create the (suspended) context and load the worklet module, so
   * start() inside the click has neither to do. Safe to call repeatedly; failures are left
   * for start() to report.
   */
  prepare(): void;
  /** Takes effect live (gain is clamped to spec §5's 0.1 grid). */
  setSettings(settings: DetectionSettings): void;
  /** The app's drones started (bass Hz) or stopped (null): the canceller relearns. */
  setDrones(droneHz: Hz | null): void;
  /** Chanter and microphone apply from the next start(). */
  configure(options: { chanter?: Chanter; deviceId?: string | null }): void;
  /** 'Pipes' input (real drones removed, issue 14 item 5) or 'Chanter'; takes effect live. */
  setPipes(pipes: boolean): void;
}

interface Session {
  stream: StreamLike | null;
  source: NodeLike | null;
  node: WorkletNodeLike<ControlMessage> | null;
}

export function createListeningEngine<S extends StreamLike, C extends ListeningContext<S>>(
  options: ListeningEngineOptions<S, C>,
): ListeningEngine {
  const emitter = createEmitter();
  const readings = createEmitter<TimedReading>();
  let lastReading: TimedReading | null = null;
  let snapshot: NoteReading = IDLE_READING;
  let chanter = options.chanter ?? STANDARD_CHANTER;
  let settings = options.settings ?? DEFAULT_DETECTION_SETTINGS;
  let deviceId = options.deviceId ?? null;
  let droneHz: Hz | null = null;
  let pipes = options.pipes ?? false;
  let session: Session | null = null;
  /** Contexts that already loaded the worklet module (addModule once per context). */
  const loaded = new WeakMap<C, Promise<void>>();

  /** addModule once per context; a failed load is forgotten so a later start retries. */
  function loadWorklet(context: C): Promise<void> {
    let loading = loaded.get(context);
    if (!loading) {
      loading = context.audioWorklet.addModule(options.workletUrl);
      loading.catch(() => loaded.delete(context));
      loaded.set(context, loading);
    }
    return loading;
  }

  const set = (next: NoteReading) => {
    snapshot = next;
    emitter.emit();
  };

  function release(s: Session) {
    s.stream?.getTracks().forEach((t) => t.stop());
    s.source?.disconnect();
    if (s.node) {
      s.node.port.onmessage = null;
      s.node.port.close();
      s.node.disconnect();
    }
    s.stream = null;
    s.source = null;
    s.node = null;
  }

  function stop() {
    if (session) release(session);
    session = null;
    // A note sounding when listening stops ends there: its last reading is the last we know.
    if (lastReading?.note) readings.emit({ ...lastReading, note: null, hz: null, cents: null });
    lastReading = null;
    if (snapshot !== IDLE_READING) set(IDLE_READING);
  }

  async function start() {
    if (session) return;
    const mine: Session = { stream: null, source: null, node: null };
    session = mine;
    set({ ...IDLE_READING, status: 'starting' });
    try {
      // No getUserMedia, no context either: say so (R-8.MIC-01) rather than fail on audio.
      if (typeof options.mediaDevices?.getUserMedia !== 'function') {
        throw new MicrophoneAccessError(microphoneErrorOf({ name: MICROPHONE_UNSUPPORTED }));
      }
      // Synchronously, still inside the click: creating/resuming the context needs a gesture.
      const context = options.audio.get();
      const stream = await openMicrophone({
        mediaDevices: options.mediaDevices,
        deviceId,
        timers: options.timers,
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      });
      mine.stream = stream;
      if (session !== mine) return release(mine);
      await loadWorklet(context);
      await options.audio.running();
      if (session !== mine) return release(mine);
      const node = options.createWorkletNode(context, PROCESSOR_NAME, {
        numberOfInputs: 1,
        // One silent output to the destination keeps the node pulled by the render graph.
        numberOfOutputs: 1,
        outputChannelCount: [1],
        channelCount: 1,
        channelCountMode: 'explicit',
        processorOptions: { chanter, settings, droneHz, pipes },
      });
      mine.node = node;
      node.port.onmessage = (event: MessageEvent) => {
        const m = event.data as ReadingMessage;
        if (m.type !== 'reading' || session !== mine) return;
        // Engines get every reading, with its audio-clock time (issue 14 item 1)…
        lastReading = { note: m.note, hz: m.hz, cents: m.cents, clarity: m.clarity, time: m.time };
        readings.emit(lastReading);
        // …React only the latest.
        // Silence stays silence: no new snapshot (and no screen render) 50 times a second.
        if (m.note === null && snapshot.note === null && snapshot.status === 'listening') return;
        set({
          note: m.note,
          hz: m.hz,
          cents: m.cents,
          clarity: m.clarity,
          steady: m.steady,
          status: 'listening',
          error: null,
        });
      };
      mine.source = context.createMediaStreamSource(stream);
      mine.source.connect(node);
      node.connect(context.destination);
      set({ ...IDLE_READING, status: 'listening' });
    } catch (error) {
      release(mine);
      if (session === mine) {
        session = null;
        set({ ...IDLE_READING, status: 'error', error: microphoneErrorFrom(error) });
      }
    }
  }

  return {
    prepare() {
      try {
        loadWorklet(options.audio.prewarm()).catch(() => undefined);
      } catch {
        // No Web Audio here: start() reports it.
      }
    },
    start,
    stop,
    getSnapshot: () => snapshot,
    subscribe: emitter.subscribe,
    onReading: readings.subscribe,
    setSettings(next) {
      settings = { ...next, gain: clampGain(next.gain) };
      session?.node?.port.postMessage({ type: 'settings', settings });
    },
    setDrones(hz) {
      droneHz = hz;
      session?.node?.port.postMessage({ type: 'drones', droneHz: hz });
    },
    setPipes(next) {
      pipes = next;
      session?.node?.port.postMessage({ type: 'pipes', pipes: next });
    },
    configure(next) {
      if (next.chanter) chanter = next.chanter;
      if (next.deviceId !== undefined) deviceId = next.deviceId;
    },
    dispose() {
      stop();
      emitter.clear();
      readings.clear();
    },
  };
}
