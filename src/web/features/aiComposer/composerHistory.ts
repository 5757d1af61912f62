/**
 * Undo and redo on /aisheetnovel (issue 19 item 2): every edit returns a new composition
 * (editComposition.ts), so history is a list of them. A new composition or edit clears Redo.
 */
import type { Composition } from '../../../music/composer/composition.ts';

export interface ComposerHistory {
  readonly past: readonly Composition[];
  readonly present: Composition | null;
  readonly future: readonly Composition[];
}

/** Steps kept for Undo: a long session stays small in memory. */
export const HISTORY_LIMIT = 100;

export const emptyHistory: ComposerHistory = { past: [], present: null, future: [] };

export function pushComposition(history: ComposerHistory, next: Composition): ComposerHistory {
  if (next === history.present) return history;
  const past = history.present ? [...history.past, history.present] : history.past;
  return { past: past.slice(-HISTORY_LIMIT), present: next, future: [] };
}

export function undo(history: ComposerHistory): ComposerHistory {
  const previous = history.past.at(-1);
  if (!previous || !history.present) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
}

export function redo(history: ComposerHistory): ComposerHistory {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return {
    past: history.present ? [...history.past, history.present] : history.past,
    present: next,
    future: rest,
  };
}
