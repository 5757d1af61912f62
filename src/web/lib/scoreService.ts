/**
 * The browser's score service (spec §5 'Score service', §7 'High score table', §8 'Score
 * service'; issue 7 part 1). Every call resolves `{ data, error }` and never throws; a failure
 * gives no data plus the error, logged and reported (monitoring.ts). The checks here exist for
 * the spec's messages: the server is the authority (src/server/services/scoreService.ts).
 *
 * Reads go to /api/scores (GET, with ETags: a repeated read that the server says is unchanged
 * is answered from memory); a score is added through the RPC submit_high_score, as spec §7 says.
 */
import { SUBMIT_HIGH_SCORE_RPC, type Scalar } from '../../contracts/data.ts';
import { PUBLIC_KEY_HEADER } from '../../contracts/environments.ts';
import type { DataError, Result } from '../../contracts/result.ts';
import {
  LEADERBOARD_SIZE,
  SCORE_LIST_DEFAULTS,
  scoreMessages,
  SESSION_PARAM,
  submitHighScoreProblem,
  TOP_PER_LEVEL_DEFAULT,
  updatableScoreFields,
  type GameSession,
  type HighScore,
  type LevelTopScores,
  type ScoreFilter,
} from '../../contracts/scores.ts';
import type {
  ApiRoute,
  BodyInputOf,
  QueryInputOf,
  ResponseOf,
} from '../../contracts/api/apiRoute.ts';
import { scoresRoutes } from '../../contracts/api/scoresRoutes.ts';
import { isUuid } from '../../contracts/uuid.ts';
import { callApi, type CallInput, type EtagCache } from './apiClient.ts';
import { newHighScoreRank, RANK_CHECK_SIZE } from '../../music/game/highScoreRank.ts';
import { missingBackendMessage, type DataClient } from './dataClient.ts';
import { reportError } from './monitoring.ts';

export interface ListOptions {
  /** Default 10 (spec §7). */
  readonly limit?: number;
  /** Default 0. */
  readonly offset?: number;
  /** Equality filter. */
  readonly filter?: ScoreFilter;
  /** Default 'score'. */
  readonly orderBy?: 'score' | 'level' | 'created_at' | 'id';
  /** Default false. */
  readonly ascending?: boolean;
}

/** What a caller may hand to addHighScore; initials under any of the spec §3 names. */
export interface NewHighScore {
  readonly score?: number | null;
  readonly level?: number | null;
  readonly local_user_id?: string | null;
  readonly struserinitials?: string | null;
  readonly struserInitials?: string | null;
  readonly initials?: string | null;
  /** The game session the score belongs to (docs/decisions/008-score-integrity.md). */
  readonly sessionId?: string | null;
}

export type ScoreUpdateInput = Readonly<Record<string, unknown>>;

export interface ScoreService {
  getHighScores(options?: ListOptions): Promise<Result<HighScore[]>>;
  getTopScoresPerLevel(n?: number): Promise<Result<LevelTopScores[]>>;
  getHighScoreById(id: number | string | null | undefined): Promise<Result<HighScore>>;
  getUserHighScores(
    userId?: string | null,
    localUserId?: string | null,
  ): Promise<Result<HighScore[]>>;
  addHighScore(data: NewHighScore | null | undefined): Promise<Result<HighScore>>;
  updateHighScore(
    id: number | string | null | undefined,
    updates: ScoreUpdateInput | null | undefined,
  ): Promise<Result<HighScore>>;
  deleteHighScore(id: number | string | null | undefined): Promise<Result<HighScore>>;
  /** Spec §7 'Rank check': the top 10 scores of a level. */
  getTopScoresForLevel(level: number): Promise<Result<HighScore[]>>;
  /** Spec §9: the rank a score would take on its level's board, or null. */
  checkNewHighScore(score: number, level: number): Promise<Result<number | null>>;
  /** Spec §7 'Leaderboard': 10 rows by score descending, optional level filter. */
  getLeaderboard(level?: number | null): Promise<Result<HighScore[]>>;
  startGameSession(localUserId: string, level: number): Promise<Result<GameSession>>;
}

export interface ScoreServiceOptions {
  readonly client: DataClient;
  /** Injected for tests; the browser's fetch by default. */
  readonly fetch?: typeof fetch;
  /** Sent as the bearer token by administrator tools (never stored by the app). */
  readonly adminToken?: string;
}

/** The error code of a call made while the environment has no backend configuration. */
export const MISSING_CONFIGURATION = 'missing_configuration';

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function createScoreService(options: ScoreServiceOptions): ScoreService {
  const { client } = options;
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  /** Last answer per URL with its ETag: a 304 is answered from here. */
  const etags: EtagCache = new Map();

  function failed<T>(operation: string, error: DataError): Result<T> {
    console.error(`[scores] ${operation} failed: ${error.message}`);
    reportError(error, {
      source: 'scores',
      operation,
      ...(error.code ? { code: error.code } : {}),
      ...(error.status ? { status: error.status } : {}),
    });
    return { data: null, error };
  }

  /** One call through the API client (issue 15 item 1), with the environment's key. */
  async function request<R extends ApiRoute>(
    operation: string,
    route: R,
    input: CallInput<R>,
  ): Promise<Result<ResponseOf<R>>> {
    const backend = client.getBackend();
    if (!backend) {
      // The stub (spec §8 'Data layer'): an error, no request, no report — the data client
      // has logged its one notice already.
      return {
        data: null,
        error: {
          message: missingBackendMessage(client.getEnvironment()),
          code: MISSING_CONFIGURATION,
        },
      };
    }
    const result = await callApi(route, input, {
      fetch: fetchImpl,
      apiRoot: backend.backendUrl,
      etags,
      headers: {
        [PUBLIC_KEY_HEADER]: backend.publicKey,
        ...(options.adminToken ? { authorization: `Bearer ${options.adminToken}` } : {}),
      },
    });
    return result.error ? failed(operation, result.error) : result;
  }

  const invalid = <T>(operation: string, message: string) =>
    failed<T>(operation, { message, code: 'validation' });

  const service: ScoreService = {
    getHighScores(list = {}) {
      return request('getHighScores', scoresRoutes.list, {
        query: {
          limit: list.limit ?? SCORE_LIST_DEFAULTS.limit,
          offset: list.offset ?? SCORE_LIST_DEFAULTS.offset,
          orderBy: list.orderBy ?? SCORE_LIST_DEFAULTS.orderBy,
          ascending: list.ascending ?? SCORE_LIST_DEFAULTS.ascending,
          // ScoreFilter is wider than the query schema (ids as numbers): the server decides.
          ...(list.filter as QueryInputOf<typeof scoresRoutes.list> | undefined),
        },
      });
    },

    getTopScoresPerLevel(n = TOP_PER_LEVEL_DEFAULT) {
      return request('getTopScoresPerLevel', scoresRoutes.topPerLevel, { query: { n } });
    },

    async getHighScoreById(id) {
      if (blank(id)) return invalid('getHighScoreById', scoreMessages.idRequired);
      return request('getHighScoreById', scoresRoutes.get, { params: { id: id! } });
    },

    async getUserHighScores(userId, localUserId) {
      const operation = 'getUserHighScores';
      if (blank(userId) && blank(localUserId))
        return invalid(operation, scoreMessages.userRequired);
      if (!blank(userId) && !isUuid(userId)) return invalid(operation, scoreMessages.invalidUserId);
      if (!blank(localUserId) && !isUuid(localUserId))
        return invalid(operation, scoreMessages.invalidLocalUserId);
      return request(operation, scoresRoutes.byUser, {
        query: {
          user_id: blank(userId) ? undefined : userId!,
          local_user_id: blank(localUserId) ? undefined : localUserId!,
        },
      });
    },

    async addHighScore(data) {
      const operation = 'addHighScore';
      if (!data || typeof data !== 'object') return invalid(operation, scoreMessages.dataRequired);
      const initials = data.struserinitials ?? data.struserInitials ?? data.initials ?? null;
      const params: Record<string, Scalar> = {
        p_score: data.score ?? null,
        p_local_user_id: data.local_user_id ?? null,
        p_level: data.level ?? null,
        // Spec §7: null when absent.
        p_initials: blank(initials) ? null : initials,
      };
      if (!blank(data.sessionId)) params[SESSION_PARAM] = data.sessionId!;
      // The server's own schema, from Blaster's level table (issue 15 item 1): the spec's
      // messages (§8) before anything is sent, and no score the server would refuse.
      const problem = submitHighScoreProblem(params);
      if (problem) return invalid(operation, problem.message);
      // The data client reports its own failures; nothing to add here.
      const result = await client.rpc<HighScore[]>(SUBMIT_HIGH_SCORE_RPC, params);
      if (result.error) return result;
      const row = Array.isArray(result.data) ? result.data[0] : undefined;
      if (!row)
        return failed(operation, {
          message: 'Invalid response from the server',
          code: 'invalid_response',
        });
      etags.clear();
      return { data: row, error: null };
    },

    async updateHighScore(id, updates) {
      const operation = 'updateHighScore';
      if (blank(id)) return invalid(operation, scoreMessages.idRequired);
      if (!updates || typeof updates !== 'object')
        return invalid(operation, scoreMessages.updateDataRequired);
      // Spec §5: only score, level and struserinitials; other fields are ignored.
      const values = Object.fromEntries(
        Object.entries(updates).filter(
          ([key, value]) =>
            (updatableScoreFields as readonly string[]).includes(key) && value !== undefined,
        ),
      );
      if (Object.keys(values).length === 0) return invalid(operation, scoreMessages.noValidFields);
      const result = await request(operation, scoresRoutes.update, {
        params: { id: id! },
        body: values as BodyInputOf<typeof scoresRoutes.update>,
      });
      if (!result.error) etags.clear();
      return result;
    },

    async deleteHighScore(id) {
      if (blank(id)) return invalid('deleteHighScore', scoreMessages.idRequired);
      const result = await request('deleteHighScore', scoresRoutes.remove, {
        params: { id: id! },
      });
      if (!result.error) etags.clear();
      return result;
    },

    getTopScoresForLevel(level) {
      return service.getHighScores({ limit: RANK_CHECK_SIZE, filter: { level } });
    },

    async checkNewHighScore(score, level) {
      const top = await service.getTopScoresForLevel(level);
      if (top.error) return top;
      return {
        data: newHighScoreRank(
          score,
          top.data.map((row) => row.score),
        ),
        error: null,
      };
    },

    getLeaderboard(level) {
      return service.getHighScores({
        limit: LEADERBOARD_SIZE,
        ...(level ? { filter: { level } } : {}),
      });
    },

    startGameSession(localUserId, level) {
      return request('startGameSession', scoresRoutes.startGameSession, {
        body: { local_user_id: localUserId, level },
      });
    },
  };
  return service;
}
