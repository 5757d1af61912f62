/**
 * The AudioWorklet side of listening (docs/decisions/006-pitch-detection.md): runs the pure
 * ChanterListener on each 128-sample render quantum on the audio thread and posts readings,
 * so analysis never runs on the main thread. Built by Vite as its own asset
 * (`?worker&url` in processorUrl.ts), so it is served from 'self' under our CSP.
 */
import { ChanterListener } from '../listener.ts';
import {
  PROCESSOR_NAME,
  ReadingGate,
  detectionDelay,
  type ControlMessage,
  type ProcessorOptions,
} from './messages.ts';

// The AudioWorkletGlobalScope is not in TypeScript's DOM lib.
// https://webaudio.github.io/web-audio-api/#AudioWorkletGlobalScope
declare const sampleRate: number;
/** The audio clock at the start of the render quantum being processed. */
declare const currentTime: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
  constructor(options?: unknown);
}
declare function registerProcessor(
  name: string,
  processor: new (options: { processorOptions: ProcessorOptions }) => AudioWorkletProcessor,
): void;

class ChanterListenerProcessor extends AudioWorkletProcessor {
  private readonly listener: ChanterListener;
  private readonly gate = new ReadingGate();
  /** Samples handed to the listener so far: its frames' time base. */
  private consumed = 0;
  /** Audio clock minus listener time, less the detector's delay (issue 14 item 1). */
  private clockOffset = 0;
  private readonly delay: number;
  private readonly onFrame = (frame: Parameters<ReadingGate['next']>[0]) => {
    const message = this.gate.next(frame, this.clockOffset);
    if (message) this.port.postMessage(message);
  };

  constructor(options: { processorOptions: ProcessorOptions }) {
    super(options);
    const { chanter, settings, droneHz, pipes } = options.processorOptions;
    this.listener = new ChanterListener({ sampleRate, chanter, settings, droneHz, pipes });
    this.delay = detectionDelay(this.listener.windowSize, sampleRate);
    this.port.onmessage = (event: MessageEvent<ControlMessage>) => {
      const message = event.data;
      if (message.type === 'settings') this.listener.setSettings(message.settings);
      else if (message.type === 'pipes') this.listener.setPipes(message.pipes);
      else this.listener.setDrones(message.droneHz);
    };
  }

  process(inputs: Float32Array[][]): boolean {
    // Channel 0 only: the stream is mono (a stereo device gives the same chanter twice).
    const samples = inputs[0]?.[0];
    if (!samples) return true;
    // Re-anchored every quantum, so a gap in the input (no samples) cannot skew the clock.
    this.clockOffset = currentTime - this.consumed / sampleRate - this.delay;
    this.consumed += samples.length;
    this.listener.process(samples, this.onFrame);
    return true;
  }
}

registerProcessor(PROCESSOR_NAME, ChanterListenerProcessor);
