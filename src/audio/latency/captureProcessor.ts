/**
 * The AudioWorklet that records the microphone for latency calibration: it collects channel
 * 0 into blocks stamped with the audio-clock frame of their first sample, which is what lets
 * the calibrator compare the recording with the clicks it scheduled on the same clock.
 * Built by Vite as its own asset (captureProcessorUrl.ts), served from 'self' under our CSP.
 */
import { CAPTURE_BLOCK, CAPTURE_PROCESSOR_NAME, type CaptureBlock } from './captureMessages.ts';

// The AudioWorkletGlobalScope is not in TypeScript's DOM lib.
// https://webaudio.github.io/web-audio-api/#AudioWorkletGlobalScope
declare const currentFrame: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

class CaptureProcessor extends AudioWorkletProcessor {
  private block = new Float32Array(CAPTURE_BLOCK);
  private filled = 0;
  private blockFrame = 0;

  process(inputs: Float32Array[][]): boolean {
    const samples = inputs[0]?.[0];
    if (!samples) return true;
    for (let i = 0; i < samples.length; i++) {
      if (this.filled === 0) this.blockFrame = currentFrame + i;
      this.block[this.filled++] = samples[i]!;
      if (this.filled === CAPTURE_BLOCK) {
        const message: CaptureBlock = { frame: this.blockFrame, samples: this.block };
        this.port.postMessage(message, [this.block.buffer]);
        this.block = new Float32Array(CAPTURE_BLOCK);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor(CAPTURE_PROCESSOR_NAME, CaptureProcessor);
