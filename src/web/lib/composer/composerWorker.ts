/**
 * The composer's Web Worker (issue 19 items 2 and 3): composes and edits off the main thread.
 * Bundled by Vite as its own chunk (`?worker` in browserComposer.ts) and served from our
 * origin, so the page's CSP (worker-src 'self') holds and nothing is fetched from elsewhere.
 */
import { parseComposerRequest } from './composerMessages.ts';
import { handleComposerRequest } from './handleComposerRequest.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event) => {
  const request = parseComposerRequest(event.data);
  const id = (event.data as { id?: unknown } | null)?.id;
  if (!request) {
    scope.postMessage({
      id: typeof id === 'number' ? id : 0,
      type: 'error',
      message: 'The composer did not understand the request.',
    });
    return;
  }
  scope.postMessage(handleComposerRequest(request, () => performance.now()));
};
