/**
 * The browser wiring of the latency calibrator (issue 14 items 3 and 5; ADR 024), in one place
 * (DESIGN habit 1): the shared AudioContext, a raw microphone stream of the chosen device
 * (echo cancellation, noise suppression and gain control off: they would hide or move the
 * clicks), the capture worklet, and the note events' onsets for tap-along.
 */
import { sharedAudioContext } from '../../../audio/audioContext.ts';
import { captureProcessorUrl } from '../../../audio/latency/captureProcessorUrl.ts';
import {
  createLatencyCalibrator,
  type LatencyCalibrator,
} from '../../../audio/latency/latencyCalibrator.ts';
import {
  createWorkletCapture,
  type CaptureContextLike,
  type CaptureNodeLike,
} from '../../../audio/latency/workletCapture.ts';
import type { NoteEvents } from '../../../audio/noteEvents/noteEvent.ts';

export interface OpenCalibrator {
  readonly calibrator: LatencyCalibrator;
  /** Stops the microphone stream opened for it. */
  close(): void;
}

export type CreateCalibrator = (
  deviceId: string | null,
  noteEvents: NoteEvents,
) => Promise<OpenCalibrator>;

const timers = {
  setTimeout: (callback: () => void, ms: number) => window.setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};

/** Call inside a click: the AudioContext may only start in a user gesture. */
export const browserLatencyCalibrator: CreateCalibrator = async (deviceId, noteEvents) => {
  const context = sharedAudioContext().get();
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: {
      deviceId: deviceId ? { exact: deviceId } : undefined,
      echoCancellation: false,
      noiseSuppression: false,
      autoGainControl: false,
    },
  });
  const source = context.createMediaStreamSource(stream);
  const capture = createWorkletCapture({
    context: context as unknown as CaptureContextLike,
    source,
    url: captureProcessorUrl,
    createNode: (ctx, name) =>
      new AudioWorkletNode(ctx as unknown as AudioContext, name) as unknown as CaptureNodeLike,
  });
  const calibrator = createLatencyCalibrator({
    context,
    capture,
    onsets: (listener) =>
      noteEvents.subscribe((m) => {
        if (m.type === 'noteOn') listener(m.event.onset);
      }),
    clock: timers,
  });
  return {
    calibrator,
    close: () => {
      source.disconnect();
      stream.getTracks().forEach((t) => t.stop());
    },
  };
};
