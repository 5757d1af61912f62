/**
 * One Battle match as an explicit state machine (issue 17 item 3: 'a small explicit state
 * machine (waiting, countdown, round, between rounds, finished, abandoned), unit-tested with
 * numbers'; docs/decisions/027-battle.md). `reduceMatch(state, event)` returns the next state
 * and what happened; nothing here has a clock of its own or does I/O: the server drives it with
 * its clock (`now` on every event, in ms) and wakes it at `nextWakeAt(state)`.
 *
 * Rules (issue 17 items 1, 3 and 4):
 * - waiting → countdown when every player is ready; countdown → round after COUNTDOWN_MS.
 * - A round sends one prompt with a one-time id. The first right answer by the server's judged
 *   time (judging.ts) takes the point. Because a player with a slower connection is credited
 *   up to 150 ms, the point is decided only once no other player could still beat the best
 *   answer (its time plus the others' compensation), or at once when everyone has answered.
 * - A wrong note locks that player out for LOCKOUT_MS (judged time); answers in the lockout
 *   count for nothing. A round nobody wins in its level's time is void.
 * - First to a majority of `bestOf` points wins; after 2 × bestOf rounds (void rounds do not
 *   count towards the majority) the higher score wins, equal scores draw.
 * - A dropped player holds the match (the round in play is void); back within RECONNECT_MS it
 *   restarts with a countdown, else the match is theirs to lose (forfeit). Leaving mid-match
 *   is a loss. Everyone gone for good, or leaving before the start, abandons the match.
 * - Refused: answers to prompts never sent, replays of a prompt id already answered right (or
 *   of the same message), impossible timing, and answers whose trace does not show the note.
 */
import { STANDARD_CHANTER, type Chanter } from '../chanter.ts';
import type { Pitch } from '../notes.ts';
import { seededRandom } from '../random.ts';
import type { Milliseconds } from '../units.ts';
import { checkAnswer, answerMatches, playedSpan, type BattleAnswer } from './battleAnswer.ts';
import { battleLevels, type BattleLevel } from './battleLevels.ts';
import { makePrompt, type BattlePrompt } from './battlePrompt.ts';
import { compensationFor, isPossible, PING_SAMPLES, timingOf } from './judging.ts';

export const COUNTDOWN_MS: Milliseconds = 3_000;
export const BETWEEN_MS: Milliseconds = 1_500;
export const LOCKOUT_MS: Milliseconds = 1_000;
export const RECONNECT_MS: Milliseconds = 30_000;
/** Answers one player may send to one prompt: a few wrong notes and a right one. */
export const MAX_ANSWERS_PER_PROMPT = 8;

/** The match's pace; the defaults above, shorter in tests that run a match over a real socket. */
export interface MatchTiming {
  readonly countdownMs: Milliseconds;
  readonly betweenMs: Milliseconds;
  readonly lockoutMs: Milliseconds;
  readonly reconnectMs: Milliseconds;
}

export const DEFAULT_TIMING: MatchTiming = {
  countdownMs: COUNTDOWN_MS,
  betweenMs: BETWEEN_MS,
  lockoutMs: LOCKOUT_MS,
  reconnectMs: RECONNECT_MS,
};

export type MatchPhase = 'waiting' | 'countdown' | 'round' | 'between' | 'finished' | 'abandoned';

/** One player's part in one round, for the results screen. */
export interface RoundRecord {
  readonly round: number;
  readonly prompt: BattlePrompt;
  /** Reaction to the right answer, or null if none came. */
  readonly reactionMs: Milliseconds | null;
  readonly wrongNotes: number;
  readonly won: boolean;
}

export interface MatchPlayer {
  readonly id: string;
  readonly chanter: Chanter;
  readonly ready: boolean;
  readonly connected: boolean;
  readonly droppedAt: Milliseconds | null;
  readonly left: boolean;
  readonly roundTrips: readonly Milliseconds[];
  readonly score: number;
  readonly lockedUntil: Milliseconds;
  /** This round: right answer's timing, wrong notes, answers sent, messages seen. */
  readonly right: { readonly playedAt: Milliseconds; readonly reactionMs: Milliseconds } | null;
  readonly wrongNotes: number;
  readonly answers: number;
  readonly seenMessages: readonly number[];
  readonly rounds: readonly RoundRecord[];
}

export type MatchOutcome =
  | { readonly kind: 'win'; readonly winner: string }
  | { readonly kind: 'draw' }
  | { readonly kind: 'forfeit'; readonly winner: string; readonly loser: string }
  | { readonly kind: 'left'; readonly winner: string; readonly loser: string };

export interface MatchState {
  readonly phase: MatchPhase;
  readonly level: BattleLevel;
  readonly bestOf: number;
  readonly seed: number;
  readonly timing: MatchTiming;
  readonly players: readonly MatchPlayer[];
  /** Rounds started so far (void ones included). */
  readonly round: number;
  readonly prompt: BattlePrompt | null;
  readonly promptSentAt: Milliseconds;
  /** Every prompt id ever sent in this match. */
  readonly sentPromptIds: readonly string[];
  /** When the countdown, the pause between rounds or the round's time runs out. */
  readonly phaseEndsAt: Milliseconds | null;
  /** The best right answer so far this round and when it becomes the round's verdict. */
  readonly leader: { readonly player: string; readonly playedAt: Milliseconds } | null;
  readonly decideAt: Milliseconds | null;
  readonly outcome: MatchOutcome | null;
}

export type MatchEvent =
  | { readonly type: 'ready'; readonly player: string; readonly now: Milliseconds }
  /** `promptId` is a fresh unguessable id the driver supplies in case a round starts now. */
  | { readonly type: 'tick'; readonly now: Milliseconds; readonly promptId: string }
  | {
      readonly type: 'answer';
      readonly player: string;
      readonly now: Milliseconds;
      readonly answer: BattleAnswer;
    }
  | { readonly type: 'roundTrip'; readonly player: string; readonly ms: Milliseconds }
  | { readonly type: 'drop'; readonly player: string; readonly now: Milliseconds }
  | { readonly type: 'rejoin'; readonly player: string; readonly now: Milliseconds }
  | { readonly type: 'leave'; readonly player: string; readonly now: Milliseconds }
  | { readonly type: 'shutdown'; readonly now: Milliseconds };

export type RefusalReason =
  'prompt never sent' | 'replayed' | 'too many answers' | 'impossible timing' | 'no valid trace';

/** What happened, for the server to tell the players. */
export type MatchHappening =
  | { readonly type: 'phase'; readonly phase: MatchPhase; readonly endsAt: Milliseconds | null }
  | { readonly type: 'prompt'; readonly prompt: BattlePrompt }
  | {
      readonly type: 'verdict';
      readonly player: string;
      readonly verdict: 'right' | 'wrong' | 'locked' | 'late';
      readonly promptId: string;
      readonly reactionMs: Milliseconds | null;
    }
  | { readonly type: 'refused'; readonly player: string; readonly reason: RefusalReason }
  | { readonly type: 'played'; readonly player: string; readonly pitch: Pitch }
  | {
      readonly type: 'point';
      readonly winner: string | null;
      readonly promptId: string;
      readonly scores: Readonly<Record<string, number>>;
    }
  | { readonly type: 'finished'; readonly outcome: MatchOutcome | null };

export interface MatchStep {
  readonly state: MatchState;
  readonly happened: readonly MatchHappening[];
}

export interface NewMatch {
  readonly level: BattleLevel;
  readonly bestOf: number;
  /** Seeds the prompts: the server draws it at random, tests pass a number. */
  readonly seed: number;
  readonly players: readonly { readonly id: string; readonly chanter?: Chanter }[];
  readonly timing?: Partial<MatchTiming>;
}

export function createMatch({ level, bestOf, seed, players, timing }: NewMatch): MatchState {
  return {
    phase: 'waiting',
    level,
    bestOf,
    seed,
    timing: { ...DEFAULT_TIMING, ...timing },
    players: players.map((p) => ({
      id: p.id,
      chanter: p.chanter ?? STANDARD_CHANTER,
      ready: false,
      connected: true,
      droppedAt: null,
      left: false,
      roundTrips: [],
      score: 0,
      lockedUntil: -Infinity,
      right: null,
      wrongNotes: 0,
      answers: 0,
      seenMessages: [],
      rounds: [],
    })),
    round: 0,
    prompt: null,
    promptSentAt: 0,
    sentPromptIds: [],
    phaseEndsAt: null,
    leader: null,
    decideAt: null,
    outcome: null,
  };
}

export const pointsToWin = (bestOf: number): number => Math.floor(bestOf / 2) + 1;
export const maxRounds = (bestOf: number): number => 2 * bestOf;
export const isOver = (s: MatchState): boolean => s.phase === 'finished' || s.phase === 'abandoned';

/** When the driver must send the next tick, or null when only a player can move it on. */
export function nextWakeAt(s: MatchState): Milliseconds | null {
  if (isOver(s)) return null;
  const times = [s.phaseEndsAt, s.decideAt];
  for (const p of s.players)
    if (p.droppedAt !== null) times.push(p.droppedAt + s.timing.reconnectMs);
  const due = times.filter((t): t is number => t !== null);
  return due.length > 0 ? Math.min(...due) : null;
}

type Happened = MatchHappening[];

function withPlayer(s: MatchState, id: string, change: Partial<MatchPlayer>): MatchState {
  return { ...s, players: s.players.map((p) => (p.id === id ? { ...p, ...change } : p)) };
}

function scores(s: MatchState): Record<string, number> {
  return Object.fromEntries(s.players.map((p) => [p.id, p.score]));
}

function setPhase(s: MatchState, phase: MatchPhase, endsAt: Milliseconds | null, out: Happened) {
  out.push({ type: 'phase', phase, endsAt });
  return { ...s, phase, phaseEndsAt: endsAt };
}

function finish(s: MatchState, outcome: MatchOutcome | null, out: Happened): MatchState {
  const phase = outcome ? 'finished' : 'abandoned';
  out.push({ type: 'phase', phase, endsAt: null });
  out.push({ type: 'finished', outcome });
  return { ...s, phase, phaseEndsAt: null, decideAt: null, leader: null, prompt: null, outcome };
}

function finishByScore(s: MatchState, out: Happened): MatchState {
  const [a, b] = [...s.players].sort((x, y) => y.score - x.score);
  if (!a || !b || a.score === b.score) return finish(s, { kind: 'draw' }, out);
  return finish(s, { kind: 'win', winner: a.id }, out);
}

/** Closes the round: records each player's part, awards the point (or none), moves on. */
function endRound(s: MatchState, winner: string | null, now: Milliseconds, out: Happened) {
  const prompt = s.prompt!;
  let next: MatchState = {
    ...s,
    prompt: null,
    leader: null,
    decideAt: null,
    players: s.players.map((p) => ({
      ...p,
      score: p.id === winner ? p.score + 1 : p.score,
      rounds: [
        ...p.rounds,
        {
          round: s.round,
          prompt,
          reactionMs: p.right?.reactionMs ?? null,
          wrongNotes: p.wrongNotes,
          won: p.id === winner,
        },
      ],
    })),
  };
  out.push({ type: 'point', winner, promptId: prompt.id, scores: scores(next) });
  if (next.players.some((p) => p.score >= pointsToWin(s.bestOf))) return finishByScore(next, out);
  if (next.round >= maxRounds(s.bestOf)) return finishByScore(next, out);
  next = setPhase(next, 'between', now + s.timing.betweenMs, out);
  return next;
}

function startRound(s: MatchState, promptId: string, now: Milliseconds, out: Happened) {
  const round = s.round + 1;
  // One generator per round from the match's seed: the same seed asks the same prompts.
  const random = seededRandom((s.seed ^ Math.imul(round, 0x9e3779b1)) >>> 0);
  const prompt = makePrompt(s.level, promptId, random, s.prompt?.target ?? lastTarget(s));
  let next: MatchState = {
    ...s,
    round,
    prompt,
    promptSentAt: now,
    sentPromptIds: [...s.sentPromptIds, promptId],
    leader: null,
    decideAt: null,
    players: s.players.map((p) => ({
      ...p,
      right: null,
      wrongNotes: 0,
      answers: 0,
      seenMessages: [],
    })),
  };
  next = setPhase(next, 'round', now + battleLevels[s.level].roundTimeoutMs, out);
  out.push({ type: 'prompt', prompt });
  return next;
}

function lastTarget(s: MatchState) {
  return s.players[0]?.rounds.at(-1)?.prompt.target ?? null;
}

const compensationOf = (p: MatchPlayer) => compensationFor(p.roundTrips);

/** Sets when the leading answer becomes final: once no one else could still beat it. */
function scheduleDecision(s: MatchState): MatchState {
  if (!s.leader) return s;
  const others = s.players.filter((p) => p.id !== s.leader!.player && !p.right && !p.left);
  const wait = Math.max(0, ...others.map(compensationOf));
  return { ...s, decideAt: s.leader.playedAt + wait };
}

function onAnswer(s: MatchState, e: Extract<MatchEvent, { type: 'answer' }>, out: Happened) {
  const player = s.players.find((p) => p.id === e.player);
  if (!player || player.left) return s;
  const { answer } = e;
  const refuse = (reason: RefusalReason) => {
    out.push({ type: 'refused', player: player.id, reason });
    return s;
  };
  if (!s.sentPromptIds.includes(answer.promptId)) return refuse('prompt never sent');
  if (s.phase !== 'round' || s.prompt?.id !== answer.promptId) {
    // Sent before the round closed, arrived after: normal on a network, not a cheat.
    out.push({
      type: 'verdict',
      player: player.id,
      verdict: 'late',
      promptId: answer.promptId,
      reactionMs: null,
    });
    return s;
  }
  if (player.right || player.seenMessages.includes(answer.clientSentAt)) return refuse('replayed');
  if (player.answers >= MAX_ANSWERS_PER_PROMPT) return refuse('too many answers');
  let next = withPlayer(s, player.id, {
    answers: player.answers + 1,
    seenMessages: [...player.seenMessages, answer.clientSentAt],
  });
  if (checkAnswer(answer, player.chanter)) {
    out.push({ type: 'refused', player: player.id, reason: 'no valid trace' });
    return next;
  }
  const timing = timingOf(s.promptSentAt, e.now, compensationOf(player));
  if (!isPossible(timing, playedSpan(answer))) {
    out.push({ type: 'refused', player: player.id, reason: 'impossible timing' });
    return next;
  }
  const verdict = (v: 'right' | 'wrong' | 'locked', reactionMs: Milliseconds | null) =>
    out.push({
      type: 'verdict',
      player: player.id,
      verdict: v,
      promptId: answer.promptId,
      reactionMs,
    });
  if (timing.playedAt < player.lockedUntil) {
    verdict('locked', null);
    return next;
  }
  out.push({ type: 'played', player: player.id, pitch: answer.pitch });
  if (!answerMatches(answer, s.prompt)) {
    verdict('wrong', null);
    return withPlayer(next, player.id, {
      wrongNotes: player.wrongNotes + 1,
      lockedUntil: timing.playedAt + s.timing.lockoutMs,
    });
  }
  verdict('right', timing.reactionMs);
  next = withPlayer(next, player.id, { right: timing });
  if (!next.leader || timing.playedAt < next.leader.playedAt) {
    next = { ...next, leader: { player: player.id, playedAt: timing.playedAt } };
  }
  next = scheduleDecision(next);
  return advance(next, e.now, '', out);
}

/** Moves time on to `now`: decisions, timeouts, forfeits, the next round. */
function advance(s: MatchState, now: Milliseconds, promptId: string, out: Happened): MatchState {
  if (isOver(s)) return s;
  const dropped = s.players.filter((p) => p.droppedAt !== null);
  const expired = dropped.filter((p) => now >= p.droppedAt! + s.timing.reconnectMs);
  if (expired.length > 0) {
    // Only a player still here can take the win; if everyone is away, no one does.
    const stayed = s.players.filter((p) => p.connected && !p.left);
    if (stayed.length === 0 || s.phase === 'waiting') return finish(s, null, out);
    return finish(s, { kind: 'forfeit', winner: stayed[0]!.id, loser: expired[0]!.id }, out);
  }
  if (s.phase === 'round' && s.decideAt !== null && now >= s.decideAt) {
    return advance(endRound(s, s.leader!.player, now, out), now, promptId, out);
  }
  if (s.phaseEndsAt === null || now < s.phaseEndsAt) return s;
  if (s.phase === 'round') return advance(endRound(s, null, now, out), now, promptId, out);
  if ((s.phase === 'countdown' || s.phase === 'between') && dropped.length === 0 && promptId) {
    return startRound(s, promptId, now, out);
  }
  return s;
}

function onDrop(s: MatchState, id: string, now: Milliseconds, out: Happened): MatchState {
  const player = s.players.find((p) => p.id === id);
  if (!player || !player.connected) return s;
  let next = withPlayer(s, id, { connected: false, droppedAt: now });
  if (s.phase === 'waiting') return next;
  if (s.phase === 'round') {
    // The round in play is void: the other player should not score against an empty chair.
    next = { ...next, leader: null, decideAt: null };
    next = endRound(next, null, now, out);
    if (isOver(next)) return next;
  }
  // Held until they are back (or the reconnect time runs out): no round starts meanwhile.
  return setPhase(next, 'between', null, out);
}

function onRejoin(s: MatchState, id: string, now: Milliseconds, out: Happened): MatchState {
  const player = s.players.find((p) => p.id === id);
  if (!player || player.connected || player.left) return s;
  const next = withPlayer(s, id, { connected: true, droppedAt: null });
  if (next.phase === 'waiting' || next.players.some((p) => p.droppedAt !== null)) return next;
  return setPhase(next, 'countdown', now + s.timing.countdownMs, out);
}

function onLeave(s: MatchState, id: string, out: Happened): MatchState {
  const player = s.players.find((p) => p.id === id);
  if (!player || player.left) return s;
  const next = withPlayer(s, id, { left: true, connected: false, droppedAt: null });
  const stayed = next.players.filter((p) => !p.left);
  if (s.phase === 'waiting' || stayed.length === 0) return finish(next, null, out);
  return finish(next, { kind: 'left', winner: stayed[0]!.id, loser: id }, out);
}

export function reduceMatch(s: MatchState, e: MatchEvent): MatchStep {
  const out: Happened = [];
  if (isOver(s)) return { state: s, happened: out };
  let state = s;
  switch (e.type) {
    case 'ready': {
      if (s.phase !== 'waiting') break;
      state = withPlayer(s, e.player, { ready: true });
      if (state.players.every((p) => p.ready && p.connected)) {
        state = setPhase(state, 'countdown', e.now + s.timing.countdownMs, out);
      }
      break;
    }
    case 'tick':
      state = advance(s, e.now, e.promptId, out);
      break;
    case 'answer':
      state = onAnswer(advance(s, e.now, '', out), e, out);
      break;
    case 'roundTrip': {
      const p = s.players.find((x) => x.id === e.player);
      if (p)
        state = withPlayer(s, p.id, { roundTrips: [...p.roundTrips, e.ms].slice(-PING_SAMPLES) });
      break;
    }
    case 'drop':
      state = onDrop(advance(s, e.now, '', out), e.player, e.now, out);
      break;
    case 'rejoin':
      state = onRejoin(advance(s, e.now, '', out), e.player, e.now, out);
      break;
    case 'leave':
      state = onLeave(s, e.player, out);
      break;
    case 'shutdown':
      // An instance that stops ends its matches cleanly (issue 17 item 5); no one loses.
      state = finish(s, null, out);
      break;
  }
  return { state, happened: out };
}
