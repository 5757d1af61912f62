/**
 * The recording from the capture worklet's blocks. A block lost (the main thread was busy
 * and the port dropped nothing, but a block may arrive out of order after a hiccup) is
 * placed by its frame stamp, and any gap left is silence, so every later sample keeps its
 * true audio-clock time — a shifted sample would be a wrong latency.
 */
import type { CaptureBlock } from './captureMessages.ts';
import type { Recording } from './findClickArrivals.ts';

export function joinCaptureBlocks(blocks: readonly CaptureBlock[], sampleRate: number): Recording {
  if (blocks.length === 0) return { samples: new Float32Array(0), sampleRate, startTime: 0 };
  const first = Math.min(...blocks.map((b) => b.frame));
  const end = Math.max(...blocks.map((b) => b.frame + b.samples.length));
  const samples = new Float32Array(end - first);
  for (const block of blocks) samples.set(block.samples, block.frame - first);
  return { samples, sampleRate, startTime: first / sampleRate };
}
