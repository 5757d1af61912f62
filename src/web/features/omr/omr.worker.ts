/// <reference lib="webworker" />
/**
 * The /omr recognition worker (issue 20 item 2): decodes the page picture to grey levels and
 * runs the pure reader off the main thread, so the screen stays responsive while it works.
 */
import { isRecogniseRequest, type WorkerReply } from './omrWorkerProtocol.ts';
import { PAGE_LIMITS, fitScale, pageMessages } from './pageLimits.ts';
import { recogniseWithProgress } from './recogniseWithProgress.ts';
import { rgbaToGray } from './rgbaToGray.ts';

declare const self: DedicatedWorkerGlobalScope;

const reply = (message: WorkerReply) => self.postMessage(message);

self.onmessage = async (event: MessageEvent<unknown>) => {
  const request = event.data;
  if (!isRecogniseRequest(request)) return;
  const { id } = request;
  reply({ type: 'progress', id, stage: 'decoding' });
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(request.page);
  } catch {
    reply({ type: 'failed', id, message: pageMessages.notAPage() });
    return;
  }
  const scale = fitScale(bitmap.width, bitmap.height);
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  if (Math.min(width, height) < PAGE_LIMITS.minSide) {
    bitmap.close();
    reply({ type: 'failed', id, message: pageMessages.tooSmall() });
    return;
  }
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) {
    reply({ type: 'failed', id, message: pageMessages.workerFailed });
    return;
  }
  // White under the picture: transparent paper reads as paper.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const gray = rgbaToGray(context.getImageData(0, 0, width, height).data, width, height);
  try {
    const result = recogniseWithProgress(gray, id, reply);
    reply({ type: 'done', id, page: { width, height }, result });
  } catch {
    // The reader is meant never to throw; if it does, say so plainly rather than show nothing.
    reply({ type: 'failed', id, message: pageMessages.workerFailed });
  }
};
