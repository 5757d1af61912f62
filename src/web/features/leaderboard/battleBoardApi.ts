/**
 * The Battle table's one API call (issue 17 item 2), in a module of its own so the leader
 * board imports the route definitions (and zod) only once it asks, after hydration.
 */
import { battleRoutes, BATTLE_BOARD_DEFAULT } from '../../../contracts/api/battleRoutes.ts';
import { callApi } from '../../lib/apiClient.ts';

export function loadBattleBoard(signal: AbortSignal) {
  return callApi(battleRoutes.leaderboard, { query: { limit: BATTLE_BOARD_DEFAULT } }, { signal });
}
