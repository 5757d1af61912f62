/**
 * Remote procedures of the data layer (spec §7 'rpc'). Each is a named, validated server
 * function: the only way anonymous visitors write. The score rules of the Blaster issue build
 * on submit_high_score.
 */
import { SUBMIT_HIGH_SCORE_RPC, type Row, type Scalar } from '../../contracts/data.ts';
import type { Database } from '../db/client.ts';
import { notFound } from './errors.ts';
import type { Actor } from './tableRegistry.ts';
import { submitHighScore } from './scoreService.ts';

type Params = Record<string, Scalar>;
type Procedure = (
  database: Database,
  actor: Actor,
  params: Params,
  options: RpcOptions,
) => Promise<Row[]>;

export interface RpcOptions {
  /** SCORE_SESSIONS=required: submit_high_score refuses a score without a game session. */
  readonly requireScoreSession: boolean;
  /** Called once a score is valid, before it is stored: the daily cap (issue 13.10). */
  readonly beforeStore?: () => Promise<void>;
}

/**
 * submit_high_score(p_score, p_local_user_id, p_level, p_initials[, p_session_id]) — spec §7,
 * messages §8; the rules live in scoreService.ts (docs/decisions/008-score-integrity.md).
 */
const submitHighScoreRpc: Procedure = async (database, actor, params, options) => [
  {
    ...(await submitHighScore(database, actor, params, {
      requireSession: options.requireScoreSession,
      ...(options.beforeStore ? { beforeStore: options.beforeStore } : {}),
    })),
  },
];

const procedures: Readonly<Record<string, Procedure>> = {
  [SUBMIT_HIGH_SCORE_RPC]: submitHighScoreRpc,
};

export async function callRpc(
  database: Database,
  actor: Actor,
  name: string,
  params: Params,
  options: RpcOptions = { requireScoreSession: false },
) {
  const procedure = Object.prototype.hasOwnProperty.call(procedures, name)
    ? procedures[name]
    : undefined;
  if (!procedure) throw notFound(`Unknown function ${name}`, 'unknown_function');
  return procedure(database, actor, params, options);
}
