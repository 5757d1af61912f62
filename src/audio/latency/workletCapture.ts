/**
 * A MicrophoneCapture on a real AudioContext: the microphone's source node feeds the capture
 * worklet, whose blocks are joined on stop. The worklet is not connected to the speakers (a
 * recording must not play back into the room), so it is kept running by connecting it to a
 * silent gain node — browsers only pull audio through nodes that reach the destination.
 */
import type { NodeLike } from '../webAudio.ts';
import { CAPTURE_PROCESSOR_NAME, type CaptureBlock } from './captureMessages.ts';
import { joinCaptureBlocks } from './joinCaptureBlocks.ts';
import type { MicrophoneCapture } from './latencyCalibrator.ts';

export interface CapturePortLike {
  onmessage: ((event: { data: CaptureBlock }) => void) | null;
}
export interface CaptureNodeLike extends NodeLike {
  readonly port: CapturePortLike;
}
export interface CaptureContextLike {
  readonly sampleRate: number;
  readonly destination: NodeLike;
  readonly audioWorklet: { addModule(url: string): Promise<void> };
  createGain(): NodeLike & { readonly gain: { value: number } };
}

export interface WorkletCaptureOptions {
  context: CaptureContextLike;
  /** The microphone's MediaStreamAudioSourceNode. */
  source: NodeLike;
  url: string;
  createNode: (context: CaptureContextLike, name: string) => CaptureNodeLike;
}

export function createWorkletCapture(options: WorkletCaptureOptions): MicrophoneCapture {
  const { context, source, url, createNode } = options;
  let node: CaptureNodeLike | null = null;
  let mute: (NodeLike & { readonly gain: { value: number } }) | null = null;
  let blocks: CaptureBlock[] = [];
  return {
    async start() {
      await context.audioWorklet.addModule(url);
      blocks = [];
      node = createNode(context, CAPTURE_PROCESSOR_NAME);
      node.port.onmessage = (event) => blocks.push(event.data);
      mute = context.createGain();
      mute.gain.value = 0;
      source.connect(node);
      node.connect(mute);
      mute.connect(context.destination);
    },
    async stop() {
      if (node) {
        node.port.onmessage = null;
        source.disconnect();
        node.disconnect();
        mute?.disconnect();
      }
      node = null;
      return joinCaptureBlocks(blocks, context.sampleRate);
    },
  };
}
