/**
 * The Battle socket's messages (issue 17 item 3; docs/decisions/027-battle.md), both ways, as zod
 * schemas shared by the server and the web client. Every client message is parsed here before
 * the server looks at it: unknown types, extra-long strings and oversized arrays are refused
 * (frames are capped at REALTIME_MAX_MESSAGE_BYTES as well).
 *
 * Times the server sends are relative (`inMs`: from the moment it sent the message), because
 * the two clocks are never the same; the client's own times (`clientSentAt`) are only echoed.
 */
import { z } from 'zod';
import { BATTLE_LEVELS } from '../../music/battle/battleLevels.ts';
import { BOT_LEVELS } from '../../music/battle/battleBots.ts';
import { MAX_ANSWER_GRACES } from '../../music/battle/battleAnswer.ts';
import { TRACE_MAX_READINGS } from '../../music/battle/noteTrace.ts';
import { pitches, type Pitch } from '../../music/notes.ts';
import { isUuidV4 } from '../uuid.ts';

export const BATTLE_PATH = '/api/battle';

/** Best-of choices offered (odd, so someone wins a full match). */
export const BATTLE_BEST_OF = [3, 5, 7] as const;

/** A private room's code: 5 letters and digits without look-alikes (0/O, 1/I/L), easy to read out. */
export const ROOM_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ROOM_CODE_LENGTH = 5;

const pitch = z.enum(pitches as unknown as [Pitch, ...Pitch[]]);
const level = z.literal(BATTLE_LEVELS);
const bestOf = z.literal(BATTLE_BEST_OF);
// zod 4 numbers refuse Infinity and NaN already.
const finite = z.number();

const reading = z.strictObject({
  t: finite.min(0).max(10_000),
  hz: finite.positive().max(10_000),
  clarity: finite.min(0).max(1),
});
const trace = z.array(reading).max(TRACE_MAX_READINGS);

export const chanterFrequencies = z.array(finite.positive().max(5_000)).length(pitches.length);

/** Who the player is, for a match: a signed-in user is known by the session cookie instead. */
const identity = {
  /** The browser's local id (a v4 UUID, as with scores): anonymous players only. */
  localId: z.string().max(64).refine(isUuidV4, 'localId must be a v4 UUID').optional(),
  /** Shown to the opponent for anonymous players (spec §5: at most 3 characters). */
  initials: z
    .string()
    .max(12)
    .regex(/^[\p{L}\p{N}]{0,3}$/u, 'initials are up to 3 letters or digits')
    .optional(),
  /** The player's chanter (Chanter Sync), so their readings are judged on it. */
  chanter: chanterFrequencies.optional(),
};

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('quick'), level, ...identity }),
  z.strictObject({ type: z.literal('create'), level, bestOf, ...identity }),
  z.strictObject({
    type: z.literal('join'),
    code: z
      .string()
      .length(ROOM_CODE_LENGTH)
      .transform((c) => c.toUpperCase()),
    ...identity,
  }),
  z.strictObject({
    type: z.literal('bot'),
    level,
    bestOf,
    botLevel: z.enum(BOT_LEVELS),
    ...identity,
  }),
  /** Quick match: take the bot offered after the wait. */
  z.strictObject({ type: z.literal('acceptBot'), botLevel: z.enum(BOT_LEVELS).optional() }),
  z.strictObject({
    type: z.literal('rejoin'),
    matchId: z.string().min(1).max(64),
    token: z.string().min(1).max(128),
  }),
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({
    type: z.literal('answer'),
    promptId: z.string().min(1).max(64),
    pitch,
    trace,
    graces: z
      .array(z.strictObject({ pitch, before: finite.min(0).max(10_000), trace }))
      .max(MAX_ANSWER_GRACES)
      .default([]),
    clientSentAt: finite,
  }),
  /** The client measures its own round trip; the server answers with pong. */
  z.strictObject({ type: z.literal('ping'), id: z.number().int().min(0) }),
  /** The answer to the server's ping: how the server measures the player's delay. */
  z.strictObject({ type: z.literal('pong'), id: z.number().int().min(0) }),
  z.strictObject({ type: z.literal('leave') }),
  /** After the results: the same players, level and length again (issue 17 item 1). */
  z.strictObject({ type: z.literal('rematch') }),
]);
export type BattleClientMessage = z.infer<typeof clientMessageSchema>;
export type BattleClientMessageInput = z.input<typeof clientMessageSchema>;

const phase = z.enum(['waiting', 'countdown', 'round', 'between', 'finished', 'abandoned']);
const quality = z.enum(['unknown', 'good', 'fair', 'poor']);
const outcome = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('win'), winner: z.string() }),
    z.object({ kind: z.literal('draw') }),
    z.object({ kind: z.literal('forfeit'), winner: z.string(), loser: z.string() }),
    z.object({ kind: z.literal('left'), winner: z.string(), loser: z.string() }),
  ])
  .nullable();

const playerInfo = z.object({
  id: z.string(),
  name: z.string(),
  bot: z.boolean(),
  /** Shown rating (openskill ordinal) of a signed-in player, else null. */
  rating: z.number().nullable(),
});

const noteAccuracy = z.object({
  asked: z.number(),
  right: z.number(),
  wrongNotes: z.number(),
  meanReactionMs: z.number().nullable(),
});

export const serverMessageSchema = z.discriminatedUnion('type', [
  /** First message on a new socket; signed-in players are known by their session cookie. */
  z.object({ type: z.literal('hello'), signedIn: z.boolean() }),
  z.object({
    type: z.literal('waiting'),
    mode: z.enum(['quick', 'room']),
    code: z.string().nullable(),
    waitedMs: z.number(),
  }),
  z.object({ type: z.literal('botOffer'), waitedMs: z.number() }),
  /** The opponent asked for a rematch: send `rematch` to start it. */
  z.object({ type: z.literal('rematchOffer'), from: z.string() }),
  z.object({
    type: z.literal('match'),
    matchId: z.string(),
    /** Present this with `rejoin` after a dropped connection (within 30 s). */
    token: z.string(),
    you: z.string(),
    players: z.array(playerInfo),
    level,
    bestOf: z.number(),
  }),
  z.object({
    type: z.literal('state'),
    phase,
    inMs: z.number().nullable(),
    round: z.number(),
    scores: z.record(z.string(), z.number()),
    away: z.array(z.string()),
  }),
  z.object({
    type: z.literal('prompt'),
    promptId: z.string(),
    kind: z.enum(['name', 'staff', 'grace', 'embellishment']),
    target: pitch,
    graces: z.array(pitch),
    label: z.string(),
    staff: z.string(),
    round: z.number(),
  }),
  z.object({
    type: z.literal('verdict'),
    player: z.string(),
    promptId: z.string(),
    verdict: z.enum(['right', 'wrong', 'locked', 'late']),
    reactionMs: z.number().nullable(),
  }),
  z.object({ type: z.literal('refused'), reason: z.string() }),
  z.object({ type: z.literal('opponentNote'), player: z.string(), pitch }),
  z.object({
    type: z.literal('score'),
    promptId: z.string(),
    winner: z.string().nullable(),
    scores: z.record(z.string(), z.number()),
  }),
  z.object({ type: z.literal('quality'), players: z.record(z.string(), quality) }),
  z.object({
    type: z.literal('results'),
    outcome,
    players: z.array(
      z.object({
        player: z.string(),
        score: z.number(),
        reactionsMs: z.array(z.number()),
        meanReactionMs: z.number().nullable(),
        bestReactionMs: z.number().nullable(),
        accuracy: z.number().nullable(),
        perNote: z.record(z.string(), noteAccuracy),
      }),
    ),
    /** New shown ratings of rated players. */
    ratings: z.record(z.string(), z.number()),
  }),
  z.object({ type: z.literal('ping'), id: z.number() }),
  z.object({ type: z.literal('pong'), id: z.number() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type BattleServerMessage = z.infer<typeof serverMessageSchema>;
