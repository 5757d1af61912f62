/**
 * The browser wiring of the composer client: the worker is our own bundled chunk
 * (`?worker`: Vite builds composerWorker.ts and everything it imports into one file).
 */
import ComposerWorker from './composerWorker.ts?worker';
import { createComposerClient, type ComposerClient } from './composerClient.ts';

export function browserComposerClient(): ComposerClient {
  return createComposerClient(() => new ComposerWorker() as never);
}
