/**
 * The /omr screen's way to its worker (DESIGN habit 2: the worker maker is passed in, so the
 * screen's tests use a fake worker). One page at a time: a new page supersedes the one being
 * read, whose late answer is then ignored.
 */
import type { OmrResult } from '../../../music/omr/omrTypes.ts';
import {
  isWorkerReply,
  type OmrStage,
  type PageSize,
  type RecogniseRequest,
} from './omrWorkerProtocol.ts';
import { pageMessages } from './pageLimits.ts';

/** The part of a Worker this engine uses. */
export interface WorkerLike {
  postMessage(message: RecogniseRequest): void;
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  onerror: ((event: unknown) => void) | null;
  terminate(): void;
}

export type CreateOmrWorker = () => WorkerLike;

export type ReadOutcome =
  | { readonly kind: 'read'; readonly page: PageSize; readonly result: OmrResult }
  | { readonly kind: 'failed'; readonly message: string }
  /** Superseded by a newer page or by dispose(): nothing to show. */
  | { readonly kind: 'cancelled' };

export interface OmrReader {
  read(
    page: Blob,
    onStage: (stage: OmrStage, fraction: number | null) => void,
  ): Promise<ReadOutcome>;
  dispose(): void;
}

export const browserOmrWorker: CreateOmrWorker = () =>
  new Worker(new URL('./omr.worker.ts', import.meta.url), {
    type: 'module',
    name: 'omr',
  }) as unknown as WorkerLike;

export function createOmrReader(createWorker: CreateOmrWorker = browserOmrWorker): OmrReader {
  let worker: WorkerLike | null = null;
  let nextId = 1;
  let pending: {
    id: number;
    onStage: (stage: OmrStage, fraction: number | null) => void;
    settle: (outcome: ReadOutcome) => void;
  } | null = null;

  function settle(outcome: ReadOutcome) {
    const job = pending;
    pending = null;
    job?.settle(outcome);
  }

  function ensureWorker(): WorkerLike {
    if (worker) return worker;
    const w = createWorker();
    w.onmessage = (event) => {
      const message = event.data;
      if (!isWorkerReply(message) || !pending || message.id !== pending.id) return;
      if (message.type === 'progress') pending.onStage(message.stage, message.fraction ?? null);
      else if (message.type === 'done')
        settle({ kind: 'read', page: message.page, result: message.result });
      else settle({ kind: 'failed', message: message.message });
    };
    // A worker that fails to load or crashes: the next page gets a fresh one.
    w.onerror = () => {
      w.terminate();
      if (worker === w) worker = null;
      settle({ kind: 'failed', message: pageMessages.workerFailed });
    };
    worker = w;
    return w;
  }

  return {
    read(page, onStage) {
      settle({ kind: 'cancelled' });
      const id = nextId++;
      return new Promise<ReadOutcome>((resolve) => {
        pending = { id, onStage, settle: resolve };
        try {
          ensureWorker().postMessage({ type: 'recognise', id, page });
        } catch {
          settle({ kind: 'failed', message: pageMessages.workerFailed });
        }
      });
    },
    dispose() {
      settle({ kind: 'cancelled' });
      worker?.terminate();
      worker = null;
    },
  };
}
