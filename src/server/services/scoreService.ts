/**
 * The Blaster score service on the server (spec §5, §7 'High score table', §8 'Score service';
 * issue 7 parts 1–3). Takes `db`, never imports fastify. Every read is one indexed query:
 * the per-level tops find the distinct levels with a skip scan and take each level's top N
 * through a LATERAL join on (level, score desc, created_at), so no read sorts the table.
 * Who may write is decided here too: anyone submits (through submit_high_score), only an
 * administrator updates or deletes — never whoever knows a local id (issue 7 part 2).
 */
import { randomInt } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Scalar } from '../../contracts/data.ts';
import {
  scoreMessages,
  scoreRuleMessages,
  submitHighScoreParamsSchema,
  submitHighScoreProblem,
  scoreUpdateSchema,
  SESSION_PARAM,
  updatableScoreFields,
  type GameSession,
  type GameSessionRequest,
  type HighScore,
  type LevelTopScores,
  type ScoreListQuery,
} from '../../contracts/scores.ts';
import {
  hasHiddenCharacters,
  initialsMessages,
  initialsProblem,
  normaliseInitials,
} from '../../contracts/initials.ts';
import { isUuid } from '../../contracts/uuid.ts';
import { MAX_SESSION_SECONDS, maxScoreFor } from '../../music/game/blasterRules.ts';
import type { Database } from '../db/client.ts';
import { ApiError, badRequest, forbidden, notFound } from './errors.ts';
import type { Actor } from './tableRegistry.ts';
import { scoresChanged } from './scoreEvents.ts';

const TABLE = sql.identifier('tblblasterhighscore');
const SESSIONS = sql.identifier('tblgamesession');
/** The row of spec §3; session_id stays on the server. */
const COLUMNS = sql.raw('id, score, level, struserinitials, user_id, local_user_id, created_at');

/** Rows the same on PGlite and PostgreSQL: ISO timestamps, numbers for integers. */
function toHighScore(row: Record<string, unknown>): HighScore {
  return {
    id: Number(row.id),
    score: Number(row.score),
    level: Number(row.level),
    struserinitials: (row.struserinitials as string | null) ?? null,
    user_id: (row.user_id as string | null) ?? null,
    local_user_id: (row.local_user_id as string | null) ?? null,
    created_at: new Date(row.created_at as string | Date).toISOString(),
  };
}

async function highScores(database: Database, query: SQL): Promise<HighScore[]> {
  return (await database.rows(query)).map(toHighScore);
}

/**
 * `score desc nulls last` matches the indexes exactly (drizzle's `.desc()` is DESC NULLS LAST;
 * a bare DESC means NULLS FIRST and would make PostgreSQL sort every row of the level instead
 * of reading ten index entries).
 */
const SCORE_DESC = sql.raw('score desc nulls last, created_at asc');

/** Spec §7 'List': limit, offset, equality filter, orderBy (score), ascending (false). */
export function listScoresQuery(query: ScoreListQuery): SQL {
  const filters: SQL[] = [];
  if (query.level !== undefined) filters.push(sql`level = ${query.level}`);
  if (query.score !== undefined) filters.push(sql`score = ${query.score}`);
  if (query.local_user_id !== undefined) filters.push(sql`local_user_id = ${query.local_user_id}`);
  if (query.user_id !== undefined) filters.push(sql`user_id = ${query.user_id}`);
  const where = filters.length ? sql` where ${sql.join(filters, sql` and `)}` : sql``;
  const order =
    query.orderBy === 'score' && !query.ascending
      ? SCORE_DESC
      : sql`${sql.identifier(query.orderBy)} ${sql.raw(query.ascending ? 'asc nulls first' : 'desc nulls last')}, created_at asc`;
  // Equal scores: the earlier one ranks first; id makes the order total, so pages never overlap.
  return sql`select ${COLUMNS} from ${TABLE}${where}
        order by ${order}, id asc
        limit ${query.limit} offset ${query.offset}`;
}

export async function listScores(database: Database, query: ScoreListQuery): Promise<HighScore[]> {
  return highScores(database, listScoresQuery(query));
}

/**
 * Spec §7 'Per-level top scores': the distinct levels first (a recursive skip scan over the
 * level index: one index probe per level, not a scan of every row), then each level's top N by
 * score descending through a LATERAL join that reads N index entries per level.
 */
export function topScoresPerLevelQuery(n: number): SQL {
  return sql`with recursive levels(level) as (
          select min(level) from ${TABLE}
          union all
          select (select min(h.level) from ${TABLE} h where h.level > levels.level)
          from levels where levels.level is not null
        )
        select top.* from levels cross join lateral (
          select ${COLUMNS} from ${TABLE} h
          where h.level = levels.level
          order by ${SCORE_DESC}
          limit ${n}
        ) top
        where levels.level is not null
        order by top.level asc, top.score desc, top.created_at asc`;
}

export async function topScoresPerLevel(database: Database, n: number): Promise<LevelTopScores[]> {
  const rows = await highScores(database, topScoresPerLevelQuery(n));
  const byLevel = new Map<number, HighScore[]>();
  for (const row of rows) {
    const list = byLevel.get(row.level) ?? [];
    list.push(row);
    byLevel.set(row.level, list);
  }
  return [...byLevel].map(([level, scores]) => ({ level, scores }));
}

/** Path ids: blank is 'ID is required'; anything but a positive integer finds nothing. */
function parseId(id: string | undefined): number {
  if (id === undefined || id.trim() === '')
    throw badRequest(scoreMessages.idRequired, 'missing_id');
  const value = Number(id);
  if (!/^\d+$/.test(id.trim()) || !Number.isSafeInteger(value) || value < 1 || value > 2 ** 31 - 1)
    throw notFound(scoreRuleMessages.notFound);
  return value;
}

export async function getScoreById(database: Database, rawId: string | undefined) {
  const id = parseId(rawId);
  const [row] = await highScores(database, sql`select ${COLUMNS} from ${TABLE} where id = ${id}`);
  if (!row) throw notFound(scoreRuleMessages.notFound);
  return row;
}

/** Spec §7: by user_id or local_user_id, ordered by score descending (§5/§8 messages). */
export async function scoresByUser(
  database: Database,
  who: { userId?: string | undefined; localUserId?: string | undefined; limit: number },
): Promise<HighScore[]> {
  const userId = who.userId?.trim() || undefined;
  const localUserId = who.localUserId?.trim() || undefined;
  if (!userId && !localUserId) throw badRequest(scoreMessages.userRequired, 'missing_user');
  if (userId && !isUuid(userId)) throw badRequest(scoreMessages.invalidUserId, 'invalid_uuid');
  if (localUserId && !isUuid(localUserId))
    throw badRequest(scoreMessages.invalidLocalUserId, 'invalid_uuid');
  const matches: SQL[] = [];
  if (userId) matches.push(sql`user_id = ${userId}`);
  if (localUserId) matches.push(sql`local_user_id = ${localUserId}`);
  return highScores(
    database,
    sql`select ${COLUMNS} from ${TABLE} where ${sql.join(matches, sql` or `)}
        order by ${SCORE_DESC}, id asc limit ${who.limit}`,
  );
}

function requireAdmin(actor: Actor) {
  if (actor.kind !== 'admin') throw forbidden(scoreRuleMessages.adminOnly, 'admin_only');
}

/** Spec §5: update by id with score, level, struserinitials; other fields are ignored. */
export async function updateScore(
  database: Database,
  actor: Actor,
  rawId: string | undefined,
  body: unknown,
): Promise<HighScore> {
  requireAdmin(actor);
  const id = parseId(rawId);
  if (body === null || body === undefined || typeof body !== 'object' || Array.isArray(body))
    throw badRequest(scoreMessages.updateDataRequired, 'missing_update');
  const given = Object.fromEntries(
    Object.entries(body).filter(([key]) =>
      (updatableScoreFields as readonly string[]).includes(key),
    ),
  );
  if (Object.keys(given).length === 0) throw badRequest(scoreMessages.noValidFields, 'no_fields');
  const parsed = scoreUpdateSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(
      `${issue?.path.join('.') ?? 'value'}: ${issue?.message ?? 'invalid'}`,
      'invalid_value',
    );
  }
  const sets = Object.entries(parsed.data)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => sql`${sql.identifier(key)} = ${value as Scalar}`);
  const [row] = await highScores(
    database,
    sql`update ${TABLE} set ${sql.join(sets, sql`, `)} where id = ${id} returning ${COLUMNS}`,
  );
  if (!row) throw notFound(scoreRuleMessages.notFound);
  scoresChanged(database);
  return row;
}

export async function deleteScore(
  database: Database,
  actor: Actor,
  rawId: string | undefined,
): Promise<HighScore> {
  requireAdmin(actor);
  const id = parseId(rawId);
  const [row] = await highScores(
    database,
    sql`delete from ${TABLE} where id = ${id} returning ${COLUMNS}`,
  );
  if (!row) throw notFound(scoreRuleMessages.notFound);
  scoresChanged(database);
  return row;
}

/** POST /api/game-sessions: a session the next score must name. */
export async function startGameSession(
  database: Database,
  request: GameSessionRequest,
): Promise<GameSession> {
  const seed = randomInt(0, 2 ** 31 - 1);
  const [row] = await database.rows<{
    id: string;
    level: number;
    seed: number;
    started_at: unknown;
  }>(
    sql`insert into ${SESSIONS} (local_user_id, level, seed)
        values (${request.local_user_id}, ${request.level}, ${seed})
        returning id, level, seed, started_at`,
  );
  if (!row) throw new Error('game session insert returned no row');
  return {
    id: row.id,
    level: Number(row.level),
    seed: Number(row.seed),
    startedAt: new Date(row.started_at as string | Date).toISOString(),
  };
}

function present(value: Scalar | undefined): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * p_initials: blank is none; longer than 3 graphemes is cut as the game's input cuts it (spec
 * §5 'Inputs'), by grapheme so an emoji is never split; hidden characters (bidirectional
 * controls, NUL, lone surrogates…) are refused with the form's message (issue 13.11).
 */
function initialsParam(raw: Scalar | undefined): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  if (hasHiddenCharacters(raw)) throw badRequest(initialsMessages.invalid, 'invalid_initials');
  const initials = normaliseInitials(raw.trim());
  const problem = initialsProblem(initials);
  if (problem) throw badRequest(problem, 'invalid_initials');
  return initials;
}

export interface SubmitOptions {
  /** When true a score without a game session is refused (SCORE_SESSIONS=required). */
  readonly requireSession: boolean;
  /** Called once the score is valid, before it is stored: the daily cap (issue 13.10). */
  readonly beforeStore?: () => Promise<void>;
}

/**
 * submit_high_score(p_score, p_local_user_id, p_level, p_initials[, p_session_id]) — spec §7,
 * messages §8. With a session the score must be the session's only one, from the same local
 * id and level, and possible in the time since the session started (blasterRules.ts).
 */
export async function submitHighScore(
  database: Database,
  actor: Actor,
  params: Readonly<Record<string, Scalar>>,
  options: SubmitOptions,
): Promise<HighScore> {
  // 'High score data is required' is the browser module's (no data object at all); an RPC
  // call always carries a params object, so with nothing in it the score is reported first.
  // The same schema checks the browser's call before it is sent (issue 15 item 1).
  const parsed = submitHighScoreParamsSchema.safeParse(params);
  if (!parsed.success) {
    const problem = submitHighScoreProblem(params)!;
    throw badRequest(problem.message, problem.code);
  }
  const { p_score: score, p_level: level, p_local_user_id: localUserId } = parsed.data;
  const initials = initialsParam(params.p_initials);
  const userId = actor.kind === 'user' ? actor.userId : null;

  const sessionId = params[SESSION_PARAM];
  if (!present(sessionId)) {
    if (options.requireSession)
      throw badRequest(scoreRuleMessages.sessionRequired, 'session_required');
    // Only scores without a session count: with one, the game-session cap bounds them.
    await options.beforeStore?.();
    const [row] = await highScores(
      database,
      sql`insert into ${TABLE} (score, level, struserinitials, local_user_id, user_id)
          values (${score}, ${level}, ${initials}, ${localUserId}, ${userId}) returning ${COLUMNS}`,
    );
    scoresChanged(database);
    return row!;
  }
  if (!isUuid(sessionId)) throw notFound(scoreRuleMessages.sessionUnknown, 'unknown_session');
  const [session] = await database.rows<{
    local_user_id: string;
    level: number;
    submitted_at: unknown;
    elapsed: number | string;
  }>(
    sql`select local_user_id, level, submitted_at,
               extract(epoch from (now() - started_at))::float8 as elapsed
        from ${SESSIONS} where id = ${sessionId}`,
  );
  if (!session) throw notFound(scoreRuleMessages.sessionUnknown, 'unknown_session');
  if (session.local_user_id.toLowerCase() !== localUserId.toLowerCase())
    throw forbidden(scoreRuleMessages.sessionOtherPlayer, 'session_other_player');
  if (session.submitted_at !== null && session.submitted_at !== undefined)
    throw new ApiError(409, 'session_used', scoreRuleMessages.sessionUsed);
  if (Number(session.level) !== level)
    throw badRequest(scoreRuleMessages.sessionLevel, 'session_level');
  const elapsed = Number(session.elapsed);
  if (elapsed > MAX_SESSION_SECONDS)
    throw badRequest(scoreRuleMessages.sessionExpired, 'session_expired');
  if (score > maxScoreFor(level, elapsed))
    throw badRequest(scoreRuleMessages.impossibleScore, 'impossible_score');
  // Claim the session and insert in one statement: of two concurrent submits, one wins.
  const [row] = await highScores(
    database,
    sql`with claimed as (
          update ${SESSIONS} set submitted_at = now()
          where id = ${sessionId} and submitted_at is null returning id
        )
        insert into ${TABLE} (score, level, struserinitials, local_user_id, user_id, session_id)
        select ${score}, ${level}, ${initials}, ${localUserId}, ${userId}, claimed.id from claimed
        returning ${COLUMNS}`,
  );
  if (!row) throw new ApiError(409, 'session_used', scoreRuleMessages.sessionUsed);
  scoresChanged(database);
  return row;
}
