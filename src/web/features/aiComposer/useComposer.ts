/**
 * The composer screen's bridge to the composer worker (DESIGN habit 1): compose and edit run
 * in the worker; the screen keeps the history (undo/redo) and shows what is under way. An
 * answer that arrives after a newer request is dropped, so a quick second click wins.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComposeOptions } from '../../../music/composer/composition.ts';
import { browserComposerClient } from '../../lib/composer/browserComposer.ts';
import type { ComposerClient } from '../../lib/composer/composerClient.ts';
import type { ComposerEdit } from '../../lib/composer/composerMessages.ts';
import {
  emptyHistory,
  pushComposition,
  redo as redoStep,
  undo as undoStep,
  type ComposerHistory,
} from './composerHistory.ts';

export type CreateComposerClient = () => ComposerClient;

export interface ComposerState {
  readonly history: ComposerHistory;
  /** What the worker is doing, for the status line. */
  readonly busy: 'compose' | 'edit' | null;
  readonly error: string | null;
  /** How long the last compose or edit took in the worker. */
  readonly ms: number | null;
}

export function useComposer(create: CreateComposerClient = browserComposerClient) {
  const [client] = useState(create);
  useEffect(() => () => client.dispose(), [client]);
  const [state, setState] = useState<ComposerState>({
    history: emptyHistory,
    busy: null,
    error: null,
    ms: null,
  });
  const latest = useRef(0);
  const historyRef = useRef(state.history);
  historyRef.current = state.history;

  const run = useCallback(
    (busy: 'compose' | 'edit', work: () => ReturnType<ComposerClient['compose']>) => {
      const ticket = ++latest.current;
      setState((s) => ({ ...s, busy, error: null }));
      work().then(
        ({ composition, ms }) => {
          if (ticket !== latest.current) return;
          setState((s) => ({
            history: pushComposition(s.history, composition),
            busy: null,
            error: null,
            ms,
          }));
        },
        (error: unknown) => {
          if (ticket !== latest.current) return;
          setState((s) => ({
            ...s,
            busy: null,
            error: error instanceof Error ? error.message : 'The composer stopped.',
          }));
        },
      );
    },
    [],
  );

  const compose = useCallback(
    (options: ComposeOptions) => run('compose', () => client.compose(options)),
    [client, run],
  );
  const edit = useCallback(
    (change: ComposerEdit) => {
      const present = historyRef.current.present;
      if (present) run('edit', () => client.edit(present, change));
    },
    [client, run],
  );
  const undo = useCallback(() => setState((s) => ({ ...s, history: undoStep(s.history) })), []);
  const redo = useCallback(() => setState((s) => ({ ...s, history: redoStep(s.history) })), []);
  return { ...state, compose, edit, undo, redo };
}
