/**
 * The Web Audio stand-ins of the audio layer, declared once ('Where the code drifted': eight
 * context-like interfaces, one per engine). Each is the part of the real interface the app
 * uses, so a real AudioContext and its nodes satisfy them, and tests pass the fakes of
 * src/audio/testing/fakeAudioContext.ts (DESIGN habit 2). An engine takes a `Pick` of
 * AudioContextLike naming exactly what it calls.
 */
import type { Seconds } from '../music/units.ts';

export interface ParamLike {
  value: number;
  setValueAtTime(value: number, time: Seconds): unknown;
  linearRampToValueAtTime(value: number, time: Seconds): unknown;
  cancelScheduledValues(time: Seconds): unknown;
}

export interface NodeLike {
  connect(destination: NodeLike): unknown;
  disconnect(): void;
}

/** Oscillators and buffer sources: started and stopped on the audio clock, once. */
export interface ScheduledSourceLike extends NodeLike {
  onended: ((this: never, ev: Event) => unknown) | null;
  start(when?: Seconds): void;
  stop(when?: Seconds): void;
}

/** A PeriodicWave as the engines see it: opaque. */
export type PeriodicWaveLike = object;

export interface OscillatorLike extends ScheduledSourceLike {
  type: OscillatorType;
  readonly frequency: ParamLike;
  setPeriodicWave(wave: PeriodicWaveLike): void;
}

export interface GainLike extends NodeLike {
  readonly gain: ParamLike;
}

export interface BiquadFilterLike extends NodeLike {
  type: BiquadFilterType;
  readonly frequency: ParamLike;
  readonly Q: ParamLike;
}

export interface AnalyserLike extends NodeLike {
  fftSize: number;
  smoothingTimeConstant: number;
  getFloatTimeDomainData(array: Float32Array<ArrayBuffer>): void;
}

export interface AudioBufferLike {
  readonly duration: Seconds;
}

export interface BufferSourceLike extends ScheduledSourceLike {
  buffer: AudioBufferLike | null;
}

/** An AudioWorkletNode's port; `M` is what the main thread sends. */
export interface PortLike<M = unknown> {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: M): void;
  close(): void;
}

export interface WorkletNodeLike<M = unknown> extends NodeLike {
  readonly port: PortLike<M>;
}

/** A MediaStream as the engines see it: tracks to stop. */
export interface StreamLike {
  getTracks(): readonly { stop(): void }[];
}

export interface MediaDevicesLike<S extends StreamLike> {
  getUserMedia(constraints: MediaStreamConstraints): Promise<S>;
}

/** Every part of an AudioContext the audio layer uses; `S` is the microphone stream type. */
export interface AudioContextLike<S extends StreamLike = StreamLike> {
  readonly currentTime: Seconds;
  readonly sampleRate: number;
  readonly state: string;
  /** Seconds from rendering to the speaker, where the browser reports it. */
  readonly outputLatency?: Seconds;
  readonly destination: NodeLike;
  readonly audioWorklet: { addModule(url: string): Promise<void> };
  resume(): Promise<void>;
  close(): Promise<void>;
  createOscillator(): OscillatorLike;
  createGain(): GainLike;
  createBiquadFilter(): BiquadFilterLike;
  createAnalyser(): AnalyserLike;
  createBufferSource(): BufferSourceLike;
  createMediaStreamSource(stream: S): NodeLike;
  createPeriodicWave(
    real: Float32Array<ArrayBuffer>,
    imag: Float32Array<ArrayBuffer>,
    constraints?: { disableNormalization?: boolean },
  ): PeriodicWaveLike;
  decodeAudioData(data: ArrayBuffer): Promise<AudioBufferLike>;
}
