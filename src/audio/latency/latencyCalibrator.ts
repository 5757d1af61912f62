/**
 * Measures the delay between the app's sound and what the microphone hears (issue 14 item 3)
 * so play-along judging can subtract it. No React (DESIGN habit 1): the context, the
 * microphone capture, the note onsets and the clock are passed in (habit 2).
 *
 * Loopback: play ten clicks at irregular gaps, record, find each click in the recording
 * (findClickArrivals). Tap-along, the fallback: play a steady beat and take the onsets of the
 * notes the piper plays with it (tapAlongDelays). Both end in summariseLatency, which refuses
 * a result that is not repeatable within 5 ms.
 */
import type { Clock } from '../timers.ts';
import type { Seconds } from '../../music/units.ts';
import type { NodeLike } from '../webAudio.ts';
import {
  MAX_LATENCY,
  clickWaveform,
  loopbackClickOffsets,
  tapAlongClickOffsets,
} from './calibrationClicks.ts';
import { findClickArrivals, type Recording } from './findClickArrivals.ts';
import { summariseLatency, type LatencyResult } from './summariseLatency.ts';
import { tapAlongDelays } from './tapAlongDelays.ts';

export interface ClickBufferLike {
  getChannelData(channel: number): Float32Array;
}
export interface ClickSourceLike extends NodeLike {
  buffer: ClickBufferLike | null;
  start(when?: number): void;
  stop(when?: number): void;
}
/** The parts of Web Audio the calibrator uses; a real AudioContext satisfies them. */
export interface CalibrationContextLike {
  readonly currentTime: number;
  readonly sampleRate: number;
  readonly destination: NodeLike;
  createBuffer(channels: number, length: number, sampleRate: number): ClickBufferLike;
  createBufferSource(): ClickSourceLike;
}

/** Records the microphone; `stop` hands back the samples stamped with the audio clock. */
export interface MicrophoneCapture {
  start(): Promise<void>;
  stop(): Promise<Recording>;
}

/** Note onsets (audio-clock seconds) from the microphone's note events, for tap-along. */
export type OnsetSubscribe = (listener: (onset: Seconds) => void) => () => void;

export interface LatencyCalibratorOptions {
  context: CalibrationContextLike;
  capture: MicrophoneCapture;
  onsets: OnsetSubscribe;
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
}

export interface LatencyCalibrator {
  loopback(): Promise<LatencyResult>;
  tapAlong(): Promise<LatencyResult>;
  /** Stops the clicks; a running measurement ends with 'cancelled'. */
  cancel(): void;
}

export class CalibrationCancelled extends Error {
  constructor() {
    super('Latency calibration cancelled');
    this.name = 'CalibrationCancelled';
  }
}

/** Time to schedule the first click ahead, so it is never late. */
const LEAD_IN: Seconds = 0.3;

export function createLatencyCalibrator(options: LatencyCalibratorOptions): LatencyCalibrator {
  const { context, capture, onsets, clock } = options;
  const sources = new Set<ClickSourceLike>();
  let cancelWait: (() => void) | null = null;

  const playClicks = (offsets: readonly Seconds[], level: number): Seconds[] => {
    const click = clickWaveform(context.sampleRate, level);
    const buffer = context.createBuffer(1, click.length, context.sampleRate);
    buffer.getChannelData(0).set(click);
    const first = context.currentTime + LEAD_IN;
    return offsets.map((offset) => {
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      const at = first + offset;
      source.start(at);
      sources.add(source);
      return at;
    });
  };

  const waitUntil = (audioTime: Seconds) =>
    new Promise<void>((resolve, reject) => {
      const ms = Math.max(0, (audioTime - context.currentTime) * 1000);
      const handle = clock.setTimeout(() => {
        cancelWait = null;
        resolve();
      }, ms);
      cancelWait = () => {
        clock.clearTimeout(handle);
        cancelWait = null;
        reject(new CalibrationCancelled());
      };
    });

  const stopClicks = () => {
    for (const source of sources) {
      try {
        source.stop();
      } catch {
        // Already ended: nothing to stop.
      }
      source.disconnect();
    }
    sources.clear();
  };

  return {
    async loopback() {
      await capture.start();
      const times = playClicks(loopbackClickOffsets(), 0.8);
      try {
        await waitUntil(times.at(-1)! + MAX_LATENCY + 0.1);
      } finally {
        stopClicks();
      }
      const recording = await capture.stop();
      return summariseLatency(findClickArrivals(recording, times).delays, 'loopback');
    },
    async tapAlong() {
      const heard: Seconds[] = [];
      const unsubscribe = onsets((onset) => heard.push(onset));
      const times = playClicks(tapAlongClickOffsets(), 0.5);
      try {
        await waitUntil(times.at(-1)! + 0.5);
      } finally {
        unsubscribe();
        stopClicks();
      }
      return summariseLatency(tapAlongDelays(times, heard), 'tap-along');
    },
    cancel() {
      stopClicks();
      cancelWait?.();
    },
  };
}
