/**
 * The page's side of the composer worker (issue 19 items 2 and 3): each call posts a request
 * and resolves with the worker's checked answer. The worker is made on first use (the screen's
 * first paint does not wait for it) and shared by every call; `dispose()` ends it. The worker
 * factory is a parameter so tests run the protocol without a browser (DESIGN habit 2).
 */
import type { ComposeOptions, Composition } from '../../../music/composer/composition.ts';
import {
  parseComposerResponse,
  type ComposerEdit,
  type ComposerRequest,
  type ComposerResponse,
  type ComposerTiming,
} from './composerMessages.ts';

/** The parts of a Worker used here; a real Worker satisfies them. */
export interface ComposerWorkerLike {
  postMessage(message: ComposerRequest): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  terminate(): void;
}

export interface Composed {
  readonly composition: Composition;
  /** Time the worker spent composing. */
  readonly ms: number;
}

export interface ComposerClient {
  compose(options: ComposeOptions): Promise<Composed>;
  edit(composition: Composition, edit: ComposerEdit): Promise<Composed>;
  time(options: ComposeOptions, runs: number): Promise<ComposerTiming>;
  dispose(): void;
}

/** A request before its id is given (Omit spread over each kind of the union). */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

type Pending = { resolve: (r: ComposerResponse) => void; reject: (e: Error) => void };

export function createComposerClient(createWorker: () => ComposerWorkerLike): ComposerClient {
  let worker: ComposerWorkerLike | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function failAll(message: string) {
    for (const p of pending.values()) p.reject(new Error(message));
    pending.clear();
  }

  function ensure(): ComposerWorkerLike {
    if (worker) return worker;
    const made = createWorker();
    made.onmessage = (event) => {
      const response = parseComposerResponse(event.data);
      if (!response) return;
      const waiting = pending.get(response.id);
      if (!waiting) return;
      pending.delete(response.id);
      waiting.resolve(response);
    };
    made.onerror = () => {
      // A worker that failed to load or crashed answers nothing more: start afresh next time.
      worker?.terminate();
      worker = null;
      failAll('The composer stopped. Try again.');
    };
    worker = made;
    return made;
  }

  function ask(request: Unnumbered<ComposerRequest>): Promise<ComposerResponse> {
    const id = nextId++;
    return new Promise<ComposerResponse>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      ensure().postMessage({ ...request, id } as ComposerRequest);
    }).then((response) => {
      if (response.type === 'error') throw new Error(response.message);
      return response;
    });
  }

  const composed = (r: ComposerResponse): Composed => {
    if (r.type !== 'composition') throw new Error('The composer answered out of turn.');
    return { composition: r.composition, ms: r.ms };
  };

  return {
    compose: (options) => ask({ type: 'compose', options }).then(composed),
    edit: (composition, edit) => ask({ type: 'edit', composition, edit }).then(composed),
    time: (options, runs) =>
      ask({ type: 'time', options, runs }).then((r) => {
        if (r.type !== 'timing') throw new Error('The composer answered out of turn.');
        return { runs: r.runs, medianMs: r.medianMs, p95Ms: r.p95Ms };
      }),
    dispose() {
      worker?.terminate();
      worker = null;
      failAll('The composer was closed.');
    },
  };
}
