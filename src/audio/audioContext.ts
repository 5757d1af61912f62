/**
 * The app's one AudioContext (DESIGN.md 'audio/': one, lazy, resumed on a gesture). Browsers
 * start a context made outside a user gesture suspended
 * (https://developer.chrome.com/blog/autoplay/#web-audio), so `get()` is called from click
 * handlers and resumes it there. The factory is a parameter so tests pass a fake (habit 2).
 */
import type { AudioContextLike } from './webAudio.ts';

/** The parts of a context the provider itself needs. */
export type ResumableContext = Pick<AudioContextLike, 'state' | 'resume' | 'close'>;

export interface AudioContextProvider<C extends ResumableContext> {
  /** The context, created on first use; resumes it if suspended. Call inside a gesture. */
  get(): C;
  /** Like get(), resolving once the context runs (or the resume attempt settles). */
  running(): Promise<C>;
  /**
   * Creates the context now without resuming it (no gesture needed; it stays suspended until
   * get() inside a click). Chromium starts its audio service and opens the output device
   * synchronously in the first constructor of a browser session: measured 126 ms on the main
   * thread here (PerformanceObserver 'longtask', issue 4 remaining work: "~226 ms pause"),
   * 2–11 ms for later contexts. A screen that will listen calls this on the page's first
   * press (pointerdown, before the click that resumes it), not while the page loads or idles,
   * where it was a long task on every visit to /tuner (issue 21 item 3).
   */
  prewarm(): C;
  /** The context if one was made (never makes one): for reading its clock. */
  current(): C | null;
  /** Closes the context; a later get() creates a fresh one. */
  dispose(): void;
}

export function createAudioContextProvider<C extends ResumableContext>(
  factory: () => C,
): AudioContextProvider<C> {
  let context: C | null = null;
  let resuming: Promise<void> | null = null;
  const get = () => {
    context ??= factory();
    if (context.state === 'suspended' && !resuming) {
      resuming = context.resume().finally(() => (resuming = null));
    }
    return context;
  };
  return {
    get,
    async running() {
      const c = get();
      await (resuming ?? Promise.resolve()).catch(() => undefined);
      return c;
    },
    prewarm() {
      context ??= factory();
      return context;
    },
    current: () => context,
    dispose() {
      if (context) void context.close().catch(() => undefined);
      context = null;
      resuming = null;
    },
  };
}

let shared: AudioContextProvider<AudioContext> | null = null;

/** The page's shared provider over the browser's AudioContext. */
export function sharedAudioContext(): AudioContextProvider<AudioContext> {
  shared ??= createAudioContextProvider(() => new AudioContext());
  return shared;
}
