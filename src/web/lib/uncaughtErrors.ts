/**
 * Uncaught errors and rejections from the first moment the app runs (spec §7 'Monitoring').
 * Error reporting starts after hydration, from a chunk of its own (errorTransport.ts) that
 * first reads the server's configuration; an error thrown while the page loads would be gone
 * by then. This file is in the first load, so it is tiny: it keeps up to MAX_EARLY errors until
 * reporting takes them, then hands each new one over as it happens.
 */
export type UncaughtKind = 'error' | 'unhandledrejection';
type Take = (error: unknown, kind: UncaughtKind) => void;

const MAX_EARLY = 20;
const early: { error: unknown; kind: UncaughtKind }[] = [];
let take: Take | null = null;
let stop: (() => void) | null = null;

function caught(error: unknown, kind: UncaughtKind) {
  if (take) take(error, kind);
  else if (early.length < MAX_EARLY) early.push({ error, kind });
}

/** Starts listening on `target` (once). */
export function captureUncaught(target: Window = window): void {
  if (stop) return;
  const onError = (event: ErrorEvent) => caught(event.error ?? event.message, 'error');
  const onRejection = (event: PromiseRejectionEvent) => caught(event.reason, 'unhandledrejection');
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  stop = () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

/**
 * Hands the errors kept so far to `next`, then every later one. With `listen: false` (Sentry,
 * which installs its own global handlers) only those kept are handed over and listening stops,
 * so no error is sent twice.
 */
export function takeUncaught(next: Take, { listen = true } = {}): void {
  captureUncaught();
  for (const { error, kind } of early.splice(0)) next(error, kind);
  if (listen) {
    take = next;
  } else {
    take = null;
    stop?.();
    stop = null;
  }
}
