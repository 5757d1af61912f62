/**
 * Loads the Battle table once the screen is on (issue 17 item 2): after hydration, so the
 * route's first HTML and its script budget stay as they were; the table's space is reserved
 * meanwhile (leaderboard.css .lb-battle-body) so nothing moves when it arrives.
 */
import { useEffect, useState } from 'react';
import type { BattleBoardRow } from '../../../contracts/api/battleRoutes.ts';

export type BattleBoardState =
  | { readonly phase: 'loading' }
  | { readonly phase: 'failed'; readonly message: string }
  | { readonly phase: 'ready'; readonly rows: readonly BattleBoardRow[] };

export function useBattleBoard(): BattleBoardState {
  const [state, setState] = useState<BattleBoardState>({ phase: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    void import('./battleBoardApi.ts')
      .then(({ loadBattleBoard }) => loadBattleBoard(controller.signal))
      .then((result) => {
        if (controller.signal.aborted) return;
        setState(
          result.error
            ? { phase: 'failed', message: result.error.message }
            : { phase: 'ready', rows: result.data },
        );
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ phase: 'failed', message: String(error) });
      });
    return () => controller.abort();
  }, []);
  return state;
}
