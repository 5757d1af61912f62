/**
 * The microphone test of /microphone-help (spec §2.3 'Microphone help', §4 'Microphone test',
 * §9 'Mic test audio'): microphone → gain → band-pass 700 Hz, Q 0.5 → analyser (size 8192,
 * smoothing 0.8) in its own 48 kHz context, so the piper sees the chanter's band, not hum or
 * hiss. No React (DESIGN habit 1); the context factory, mediaDevices and timers are passed in
 * (habit 2); status reaches React through subscribe/getSnapshot (habit 5), while the waveform
 * and level are read by the caller once per animation frame, never pushed through React.
 */
import { clampGain } from '../music/chanter.ts';
import {
  MICROPHONE_UNSUPPORTED,
  MICROPHONE_MESSAGES,
  MicrophoneAccessError,
  microphoneErrorFrom,
  microphoneErrorOf,
  openMicrophone,
  type MicrophoneError,
} from './microphone.ts';
import type { Timers } from './timers.ts';
import type {
  AnalyserLike,
  AudioContextLike,
  GainLike,
  MediaDevicesLike,
  NodeLike,
  StreamLike,
} from './webAudio.ts';
import { createEmitter } from './noteSource.ts';

/** Spec §9 'Mic test audio'. */
export const MIC_TEST_AUDIO = {
  sampleRate: 48_000,
  bandPassHz: 700,
  bandPassQ: 0.5,
  fftSize: 8192,
  smoothing: 0.8,
} as const;

/** The parts of an AudioContext the test uses; a real AudioContext satisfies them. */
export type MicTestContext<S extends StreamLike> = Pick<
  AudioContextLike<S>,
  | 'state'
  | 'resume'
  | 'close'
  | 'createMediaStreamSource'
  | 'createGain'
  | 'createBiquadFilter'
  | 'createAnalyser'
>;

export type MicTestStatus = 'idle' | 'starting' | 'running' | 'error';

export interface MicTestDevice {
  readonly deviceId: string;
  readonly label: string;
}

export interface MicTestSnapshot {
  readonly status: MicTestStatus;
  /** null until Find Microphones succeeded: the test cannot start before (R-4.MICTEST-04). */
  readonly devices: readonly MicTestDevice[] | null;
  readonly finding: boolean;
  /** The §8 message and code when status is 'error'. */
  readonly error: MicrophoneError | null;
}

export interface MicTestEngineOptions<S extends StreamLike, C extends MicTestContext<S>> {
  /** Makes a 48 kHz context; called inside the Start Test click (autoplay rules). */
  createContext(sampleRate: number): C;
  mediaDevices: MediaDevicesLike<S> | undefined;
  /** The browser's audio inputs (lib/mediaDevices.ts listAudioInputs). */
  listInputs(): Promise<readonly MicTestDevice[]>;
  timers: Timers;
  timeoutMs?: number;
}

export interface MicTestEngine {
  subscribe(listener: () => void): () => void;
  getSnapshot(): MicTestSnapshot;
  /**
   * Asks for microphone access once (browsers hide device ids and names before it), releases
   * it, then lists the inputs. Call from a click.
   */
  findMicrophones(): Promise<void>;
  /** Idle → running if set-up succeeds (R-4.MICTEST-01). Call from a click. */
  start(deviceId: string | null): Promise<void>;
  /** Back to idle, releasing tracks, nodes and the context (R-4.MICTEST-02, -03). */
  stop(): void;
  /** Input gain, clamped to spec §5's grid; applies live. */
  setGain(gain: number): void;
  /** The latest band-passed samples (a reused buffer), or null when not running. */
  waveform(): Float32Array | null;
  /** RMS of the latest samples, 0 when not running. */
  level(): number;
  dispose(): void;
}

interface Session<S extends StreamLike, C extends MicTestContext<S>> {
  context: C | null;
  stream: S | null;
  nodes: NodeLike[];
  analyser: AnalyserLike | null;
  gain: GainLike | null;
}

export function createMicTestEngine<S extends StreamLike, C extends MicTestContext<S>>(
  options: MicTestEngineOptions<S, C>,
): MicTestEngine {
  const emitter = createEmitter();
  let snapshot: MicTestSnapshot = { status: 'idle', devices: null, finding: false, error: null };
  let gain = clampGain(1);
  let session: Session<S, C> | null = null;
  let buffer: Float32Array<ArrayBuffer> | null = null;

  const set = (next: Partial<MicTestSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    emitter.emit();
  };

  function release(s: Session<S, C>) {
    s.stream?.getTracks().forEach((t) => t.stop());
    s.nodes.forEach((n) => n.disconnect());
    if (s.context) void s.context.close().catch(() => undefined);
    s.stream = null;
    s.nodes = [];
    s.analyser = null;
    s.gain = null;
    s.context = null;
  }

  function stop() {
    if (session) release(session);
    session = null;
    if (snapshot.status !== 'idle') set({ status: 'idle', error: null });
  }

  async function start(deviceId: string | null) {
    if (session || snapshot.devices === null) return;
    const mine: Session<S, C> = {
      context: null,
      stream: null,
      nodes: [],
      analyser: null,
      gain: null,
    };
    session = mine;
    set({ status: 'starting', error: null });
    try {
      if (typeof options.mediaDevices?.getUserMedia !== 'function') {
        throw new MicrophoneAccessError(microphoneErrorOf({ name: MICROPHONE_UNSUPPORTED }));
      }
      // Synchronously, inside the click: a context made later would start suspended.
      const context = options.createContext(MIC_TEST_AUDIO.sampleRate);
      mine.context = context;
      const resumed = context.state === 'suspended' ? context.resume() : Promise.resolve();
      const stream = await openMicrophone({
        mediaDevices: options.mediaDevices,
        deviceId,
        timers: options.timers,
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      });
      mine.stream = stream;
      if (session !== mine) return release(mine);
      await resumed.catch(() => undefined);
      if (session !== mine) return release(mine);

      const source = context.createMediaStreamSource(stream);
      const gainNode = context.createGain();
      gainNode.gain.value = gain;
      const filter = context.createBiquadFilter();
      filter.type = 'bandpass';
      filter.frequency.value = MIC_TEST_AUDIO.bandPassHz;
      filter.Q.value = MIC_TEST_AUDIO.bandPassQ;
      const analyser = context.createAnalyser();
      analyser.fftSize = MIC_TEST_AUDIO.fftSize;
      analyser.smoothingTimeConstant = MIC_TEST_AUDIO.smoothing;
      source.connect(gainNode);
      gainNode.connect(filter);
      filter.connect(analyser);
      // Not connected to the destination: the piper must not hear themselves (feedback).
      mine.nodes = [source, gainNode, filter, analyser];
      mine.analyser = analyser;
      mine.gain = gainNode;
      set({ status: 'running', error: null });
    } catch (error) {
      release(mine);
      if (session === mine) {
        session = null;
        set({ status: 'error', error: microphoneErrorFrom(error) });
      }
    }
  }

  async function findMicrophones() {
    if (snapshot.finding) return;
    set({ finding: true, error: null, ...(session ? {} : { status: 'idle' as const }) });
    try {
      // A running test already holds permission; otherwise ask, and let go at once.
      if (!session) {
        const stream = await openMicrophone({
          mediaDevices: options.mediaDevices,
          timers: options.timers,
          ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        });
        stream.getTracks().forEach((t) => t.stop());
      }
      const devices = await options.listInputs();
      if (devices.length === 0) {
        set({
          finding: false,
          devices: null,
          status: 'error',
          error: microphoneErrorOf({ name: 'NotFoundError' }),
        });
        return;
      }
      set({ finding: false, devices });
    } catch (error) {
      const detail = microphoneErrorFrom(error);
      // R-8.MIC-08: a generic failure while listing devices has its own words.
      set({
        finding: false,
        status: 'error',
        error:
          detail.kind === 'other'
            ? { ...detail, kind: 'enumerate', message: MICROPHONE_MESSAGES.enumerate }
            : detail,
      });
    }
  }

  function waveform(): Float32Array | null {
    const analyser = session?.analyser;
    if (!analyser) return null;
    if (buffer?.length !== analyser.fftSize) buffer = new Float32Array(analyser.fftSize);
    analyser.getFloatTimeDomainData(buffer);
    return buffer;
  }

  return {
    subscribe: emitter.subscribe,
    getSnapshot: () => snapshot,
    findMicrophones,
    start,
    stop,
    setGain(next) {
      gain = clampGain(next);
      if (session?.gain) session.gain.gain.value = gain;
    },
    waveform,
    level() {
      const samples = waveform();
      if (!samples?.length) return 0;
      let sum = 0;
      for (const s of samples) sum += s * s;
      return Math.sqrt(sum / samples.length);
    },
    dispose() {
      stop();
      emitter.clear();
    },
  };
}
