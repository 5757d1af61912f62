/**
 * Remote procedures of the data layer (spec §7 'rpc'). Each is a named, validated server
 * function: the only way anonymous visitors write. The score rules of the Blaster issue build
 * on submit_high_score.
 */
import { sql } from 'drizzle-orm';
import {
  HIGH_SCORE_TABLE,
  SUBMIT_HIGH_SCORE_RPC,
  type Row,
  type Scalar,
} from '../../contracts/data.ts';
import { isUuidV4 } from '../../contracts/uuid.ts';
import type { Database } from '../db/client.ts';
import { badRequest, notFound } from './errors.ts';
import { tables, type Actor } from './tableRegistry.ts';
import { normaliseRows } from './dataService.ts';

type Params = Record<string, Scalar>;
type Procedure = (database: Database, actor: Actor, params: Params) => Promise<Row[]>;

/** Spec §9: levels 1 to 5. */
const MAX_LEVEL = 5;
const MAX_SCORE = 10_000_000;

function requireInteger(
  value: Scalar | undefined,
  missing: string,
  name: string,
  min: number,
  max: number,
) {
  if (value === undefined || value === null || value === '')
    throw badRequest(missing, 'missing_field');
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw badRequest(`${name} must be a whole number from ${min} to ${max}`, 'invalid_value');
  }
  return n;
}

/** submit_high_score(p_score, p_local_user_id, p_level, p_initials) — spec §7, messages §8. */
const submitHighScore: Procedure = async (database, actor, params) => {
  const score = requireInteger(params.p_score, 'Score is required', 'Score', 0, MAX_SCORE);
  const level = requireInteger(params.p_level, 'Level is required', 'Level', 1, MAX_LEVEL);
  const localUserId = params.p_local_user_id;
  if (localUserId === undefined || localUserId === null || localUserId === '') {
    throw badRequest('local_user_id is required', 'missing_field');
  }
  if (typeof localUserId !== 'string' || !isUuidV4(localUserId)) {
    throw badRequest('Invalid local_user_id UUID format', 'invalid_uuid');
  }
  const rawInitials = params.p_initials;
  const initials =
    typeof rawInitials === 'string' && rawInitials.trim() !== ''
      ? rawInitials.trim().slice(0, 3).toUpperCase()
      : null;
  const userId = actor.kind === 'user' ? actor.userId : null;
  const rows = await database.rows(
    sql`insert into ${sql.identifier(HIGH_SCORE_TABLE)} (score, level, struserinitials, local_user_id, user_id)
        values (${score}, ${level}, ${initials}, ${localUserId}, ${userId}) returning *`,
  );
  return normaliseRows(tables[HIGH_SCORE_TABLE]!, rows);
};

const procedures: Readonly<Record<string, Procedure>> = {
  [SUBMIT_HIGH_SCORE_RPC]: submitHighScore,
};

export async function callRpc(database: Database, actor: Actor, name: string, params: Params) {
  const procedure = Object.prototype.hasOwnProperty.call(procedures, name)
    ? procedures[name]
    : undefined;
  if (!procedure) throw notFound(`Unknown function ${name}`, 'unknown_function');
  return procedure(database, actor, params);
}
