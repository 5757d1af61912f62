/**
 * A composer worker in the same thread, for tests (web and unit): messages are cloned as a
 * real worker's are and answered on a later microtask, through the real protocol and handler.
 */
import type { ComposerWorkerLike } from './composerClient.ts';
import { parseComposerRequest } from './composerMessages.ts';
import { handleComposerRequest } from './handleComposerRequest.ts';

export function fakeComposerWorker(now: () => number = () => 0): ComposerWorkerLike & {
  readonly requests: unknown[];
} {
  const requests: unknown[] = [];
  const worker = {
    requests,
    onmessage: null as ComposerWorkerLike['onmessage'],
    onerror: null as ComposerWorkerLike['onerror'],
    postMessage(message: unknown) {
      const data = structuredClone(message);
      requests.push(data);
      const request = parseComposerRequest(data);
      void Promise.resolve().then(() =>
        worker.onmessage?.({
          data: structuredClone(
            request
              ? handleComposerRequest(request, now)
              : { id: 0, type: 'error', message: 'bad request' },
          ),
        }),
      );
    },
    terminate() {},
  };
  return worker;
}
