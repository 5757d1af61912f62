/**
 * The built URL of the listening worklet. `?worker&url` makes Vite bundle processor.ts and
 * its imports into one hashed asset under /assets (no inline blob, so script-src 'self'
 * suffices) and hand back its URL for `audioWorklet.addModule()`.
 */
import url from './processor.ts?worker&url';

export const processorUrl: string = url;
