/**
 * The composer worker's whole job, as a pure function (issue 19 items 2 and 3): a checked
 * request in, an answer out. Kept apart from the worker's wiring so tests run it in Node with
 * a fake clock; the worker (composerWorker.ts) only passes messages.
 */
import { composeTune } from '../../../music/composer/composeTune.ts';
import type { Composition } from '../../../music/composer/composition.ts';
import {
  editNote,
  editNoteLength,
  regenerateBar,
  regeneratePart,
  transposeBars,
} from '../../../music/composer/editComposition.ts';
import type {
  ComposerEdit,
  ComposerRequest,
  ComposerResponse,
  ComposerTiming,
} from './composerMessages.ts';

export function applyEdit(composition: Composition, edit: ComposerEdit): Composition {
  switch (edit.kind) {
    case 'regenerateBar':
      return regenerateBar(composition, edit.part, edit.bar);
    case 'regeneratePart':
      return regeneratePart(composition, edit.part);
    case 'transpose':
      return transposeBars(composition, edit.part, edit.from, edit.to, edit.steps);
    case 'editNote': {
      let out = composition;
      if (edit.ticks !== undefined)
        out = editNoteLength(out, edit.part, edit.bar, edit.index, edit.ticks);
      if (edit.pitch !== undefined)
        out = editNote(out, edit.part, edit.bar, edit.index, { pitch: edit.pitch });
      return out;
    }
  }
}

/** Median and 95th percentile (nearest rank) of the times, in ms to 0.01. */
export function timingOf(times: readonly number[]): ComposerTiming {
  const sorted = [...times].sort((a, b) => a - b);
  const rank = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const mid = sorted.length / 2;
  const median =
    sorted.length % 2 === 1 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { runs: sorted.length, medianMs: round(median), p95Ms: round(rank(0.95)) };
}

export function handleComposerRequest(
  request: ComposerRequest,
  now: () => number,
): ComposerResponse {
  try {
    switch (request.type) {
      case 'compose': {
        const started = now();
        const composition = composeTune(request.options);
        return { id: request.id, type: 'composition', composition, ms: now() - started };
      }
      case 'edit': {
        const started = now();
        const composition = applyEdit(request.composition, request.edit);
        return { id: request.id, type: 'composition', composition, ms: now() - started };
      }
      case 'time': {
        // Seeds seed, seed+1, …: a run of different tunes, the same run every time.
        const times: number[] = [];
        for (let run = 0; run < request.runs; run++) {
          const started = now();
          composeTune({ ...request.options, seed: (request.options.seed + run) >>> 0 });
          times.push(now() - started);
        }
        return { id: request.id, type: 'timing', ...timingOf(times) };
      }
    }
  } catch (error) {
    return {
      id: request.id,
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}
