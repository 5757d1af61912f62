/** What the capture worklet posts: a block of microphone samples and its first frame. */
export interface CaptureBlock {
  readonly frame: number;
  readonly samples: Float32Array;
}

export const CAPTURE_PROCESSOR_NAME = 'chanterlab-capture';

/** Samples per message: 16 render quanta (~43 ms at 48 kHz), so the port is not flooded. */
export const CAPTURE_BLOCK = 2048;
