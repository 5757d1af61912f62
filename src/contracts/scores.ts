/**
 * The score service's contract, shared by the browser module (src/web/lib/scoreService.ts) and
 * the server (src/server/routes/scores.ts): paths, defaults, request and answer shapes, and the
 * exact messages of spec §8 'Score service'.
 */
import { z } from 'zod';
import { BLASTER_LEVELS, isBlasterLevel, type BlasterLevel } from '../music/game/blasterRules.ts';
import { initialsProblem } from './initials.ts';
import { isUuid, isUuidV4 } from './uuid.ts';

/** Spec §8 'Score service', word for word. */
export const scoreMessages = {
  idRequired: 'ID is required',
  dataRequired: 'High score data is required',
  scoreRequired: 'Score is required',
  levelRequired: 'Level is required',
  localUserIdRequired: 'local_user_id is required',
  invalidLocalUserId: 'Invalid local_user_id UUID format',
  invalidUserId: 'Invalid user_id UUID format',
  userRequired: 'Either userId or localUserId must be provided',
  updateDataRequired: 'Update data is required',
  noValidFields: 'No valid fields to update',
} as const;

/** Messages of our own (the spec shows none for these cases). */
export const scoreRuleMessages = {
  notFound: 'High score not found',
  invalidLevel: `Level must be a whole number from ${BLASTER_LEVELS[0]} to ${BLASTER_LEVELS[BLASTER_LEVELS.length - 1]!}`,
  invalidScore: 'Score must be a whole number from 0 to 10000000',
  sessionRequired: 'A game session is required to submit a score',
  sessionUnknown: 'Unknown game session',
  sessionOtherPlayer: 'This game session belongs to another player',
  sessionUsed: 'This game session already has a score',
  sessionLevel: "The score's level does not match its game session",
  sessionExpired: 'This game session has expired',
  impossibleScore: 'This score is not possible in the time played',
  adminOnly: 'Only an administrator may change or remove high scores',
} as const;

/** Spec §7/§9: list defaults. */
export const SCORE_LIST_DEFAULTS = {
  limit: 10,
  offset: 0,
  orderBy: 'score',
  ascending: false,
} as const;
/** Spec §9 'Per-level top scores default'. */
export const TOP_PER_LEVEL_DEFAULT = 3;
/** Spec §9 'Leaderboard': 10 rows. */
export const LEADERBOARD_SIZE = 10;
export const MAX_SCORE = 10_000_000;
export const MAX_SCORE_LIST_LIMIT = 100;
export const SCORE_LEVELS = BLASTER_LEVELS;
/** The first and last Blaster level (spec §9 'Leaderboard': 1 to 5), from the level table. */
export const FIRST_LEVEL = BLASTER_LEVELS[0];
export const LAST_LEVEL = BLASTER_LEVELS[BLASTER_LEVELS.length - 1]!;

/** Spec §3: initials shown as '---' when a row has none. */
export const NO_INITIALS = '---';

export const scoresApi = {
  list: '/api/scores',
  topPerLevel: '/api/scores/top-per-level',
  byUser: '/api/scores/by-user',
  byId: (id: string | number) => `/api/scores/${encodeURIComponent(String(id))}`,
  gameSessions: '/api/game-sessions',
} as const;

/** A high-score row (spec §3 'High score row') as the API answers it. */
export interface HighScore {
  readonly id: number;
  readonly score: number;
  readonly level: number;
  readonly struserinitials: string | null;
  readonly user_id: string | null;
  readonly local_user_id: string | null;
  /** ISO 8601. */
  readonly created_at: string;
}

/** One level's best scores (spec §7 'Per-level top scores'). */
export interface LevelTopScores {
  readonly level: number;
  readonly scores: readonly HighScore[];
}

/**
 * Spec §3: initials are stored as struserinitials and also read as struserInitials or
 * initials; '---' when there are none.
 */
export function readInitials(row: object | null | undefined): string {
  if (!row) return NO_INITIALS;
  for (const key of ['struserinitials', 'struserInitials', 'initials']) {
    const value = (row as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return NO_INITIALS;
}

/** Columns a list may be ordered by or filtered on. */
export const scoreOrderColumns = ['score', 'level', 'created_at', 'id'] as const;
export const scoreFilterColumns = ['level', 'local_user_id', 'user_id', 'score'] as const;
export type ScoreFilterColumn = (typeof scoreFilterColumns)[number];
export type ScoreFilter = Partial<Record<ScoreFilterColumn, string | number>>;

const intFromQuery = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number().int().min(min).max(max),
  );
const boolFromQuery = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean(),
);

/** GET /api/scores query string (spec §7 'List'). */
export const scoreListQuerySchema = z.object({
  limit: intFromQuery(1, MAX_SCORE_LIST_LIMIT).default(SCORE_LIST_DEFAULTS.limit),
  offset: intFromQuery(0, 1_000_000).default(SCORE_LIST_DEFAULTS.offset),
  orderBy: z.enum(scoreOrderColumns).default(SCORE_LIST_DEFAULTS.orderBy),
  ascending: boolFromQuery.default(SCORE_LIST_DEFAULTS.ascending),
  level: intFromQuery(FIRST_LEVEL, LAST_LEVEL).optional(),
  score: intFromQuery(0, MAX_SCORE).optional(),
  local_user_id: z.string().refine(isUuid, scoreMessages.invalidLocalUserId).optional(),
  user_id: z.string().refine(isUuid, scoreMessages.invalidUserId).optional(),
});
export type ScoreListQuery = z.infer<typeof scoreListQuerySchema>;

export const topPerLevelQuerySchema = z.object({
  n: intFromQuery(1, LEADERBOARD_SIZE).default(TOP_PER_LEVEL_DEFAULT),
});

/** The fields an update may set (spec §5: score, level, struserinitials; others ignored). */
export const updatableScoreFields = ['score', 'level', 'struserinitials'] as const;

export const scoreUpdateSchema = z.object({
  score: z.number().int().min(0).max(MAX_SCORE).optional(),
  level: z.number().int().min(FIRST_LEVEL).max(LAST_LEVEL).optional(),
  // The shared rule (initials.ts, issue 13.11); blank clears them.
  struserinitials: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const clean = value.normalize('NFC').toUpperCase();
      const problem = initialsProblem(clean);
      if (problem === null) return clean === '' ? null : clean;
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    })
    .nullable()
    .optional(),
});
export type ScoreUpdate = z.infer<typeof scoreUpdateSchema>;

/** POST /api/game-sessions. */
export const gameSessionRequestSchema = z.object({
  local_user_id: z
    .string({ error: scoreMessages.localUserIdRequired })
    .min(1, scoreMessages.localUserIdRequired)
    .refine(isUuidV4, scoreMessages.invalidLocalUserId),
  level: z.number({ error: scoreMessages.levelRequired }).int().min(FIRST_LEVEL).max(LAST_LEVEL),
});
export type GameSessionRequest = z.infer<typeof gameSessionRequestSchema>;

export interface GameSession {
  readonly id: string;
  readonly level: number;
  /** Seeds the game's target sequence so a session's game can be replayed and checked. */
  readonly seed: number;
  /** ISO 8601, the server's clock. */
  readonly startedAt: string;
}

/** The RPC parameter carrying a game session id (an addition to spec §7's four). */
export const SESSION_PARAM = 'p_session_id';

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * A whole number in range; a numeric string counts (an RPC parameter is any scalar). The
 * issue's `params.code` becomes the 400's error code on the server.
 */
const wholeNumber = (missing: string, invalid: string, allowed: (n: number) => boolean) =>
  z.unknown().transform((value, ctx) => {
    if (!given(value)) {
      ctx.addIssue({ code: 'custom', message: missing, params: { code: 'missing_field' } });
      return z.NEVER;
    }
    const n = typeof value === 'string' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || !allowed(n)) {
      ctx.addIssue({ code: 'custom', message: invalid, params: { code: 'invalid_value' } });
      return z.NEVER;
    }
    return n;
  });

/**
 * submit_high_score's parameters (spec §7 'Add': p_score, p_local_user_id, p_level,
 * p_initials; p_session_id is ours), checked by the browser before it sends and by the
 * server before it stores (issue 15 item 1): one schema, the spec's messages (§8), the level
 * taken from Blaster's level table (BLASTER_LEVELS) rather than a number typed twice. Issues
 * come in the spec's order: score, level, local id. Initials are judged by the server alone
 * (hidden characters, graphemes: initials.ts) and the session by its row.
 */
export const submitHighScoreParamsSchema = z.object({
  p_score: wholeNumber(
    scoreMessages.scoreRequired,
    scoreRuleMessages.invalidScore,
    (n) => n >= 0 && n <= MAX_SCORE,
  ),
  p_level: wholeNumber(scoreMessages.levelRequired, scoreRuleMessages.invalidLevel, (n) =>
    isBlasterLevel(n),
  ).pipe(z.custom<BlasterLevel>()),
  p_local_user_id: z.unknown().transform((value, ctx) => {
    if (!given(value)) {
      ctx.addIssue({
        code: 'custom',
        message: scoreMessages.localUserIdRequired,
        params: { code: 'missing_field' },
      });
      return z.NEVER;
    }
    if (typeof value !== 'string' || !isUuidV4(value)) {
      ctx.addIssue({
        code: 'custom',
        message: scoreMessages.invalidLocalUserId,
        params: { code: 'invalid_uuid' },
      });
      return z.NEVER;
    }
    return value;
  }),
  p_initials: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  [SESSION_PARAM]: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
});
export type SubmitHighScoreParams = z.infer<typeof submitHighScoreParamsSchema>;
export type SubmitHighScoreInput = z.input<typeof submitHighScoreParamsSchema>;

/** The first problem with submit_high_score's parameters: its message and error code. */
export function submitHighScoreProblem(
  params: unknown,
): { readonly message: string; readonly code: string } | null {
  const parsed = submitHighScoreParamsSchema.safeParse(params ?? {});
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const code = (issue as { params?: { code?: unknown } }).params?.code;
  return { message: issue.message, code: typeof code === 'string' ? code : 'invalid_value' };
}
