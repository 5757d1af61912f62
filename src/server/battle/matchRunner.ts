/**
 * Runs one Battle match on the server (issue 17 item 3): one state machine instance
 * (src/music/battle/battleMatch.ts) driven by the server's clock, woken exactly when it has
 * something to do (nextWakeAt), its happenings turned into protocol messages for each seat, the
 * bots' answers played in at their planned times through the same judge, and each human seat's
 * network delay measured with pings. No fastify, no sockets: a seat is a `send` function.
 */
import { botAnswer, planBotAnswers, type BotLevel } from '../../music/battle/battleBots.ts';
import {
  createMatch,
  isOver,
  nextWakeAt,
  reduceMatch,
  type MatchEvent,
  type MatchHappening,
  type MatchState,
  type MatchTiming,
} from '../../music/battle/battleMatch.ts';
import type { BattleLevel } from '../../music/battle/battleLevels.ts';
import { matchResults, type NoteAccuracy } from '../../music/battle/battleResults.ts';
import { connectionQuality, type ConnectionQuality } from '../../music/battle/judging.ts';
import type { Chanter } from '../../music/chanter.ts';
import type { Random } from '../../music/random.ts';
import type {
  BattleClientMessage,
  BattleServerMessage,
} from '../../contracts/battle/battleProtocol.ts';
import type { BattleClock, BattleTimer } from './battleClock.ts';

/** How often the server measures each player's round trip during a match. */
export const PING_INTERVAL_MS = 2_000;

export type SendToSeat = (message: BattleServerMessage) => void;

export interface Seat {
  /** Opaque within the match ('p1', 'p2'): never a user id or a local id. */
  readonly id: string;
  readonly name: string;
  readonly bot: BotLevel | null;
  /** Shown rating of a rated (signed-in) player, else null. */
  readonly rating: number | null;
  readonly chanter?: Chanter;
  /** Present this to rejoin the seat after a drop. */
  readonly token: string;
}

export interface MatchRunnerOptions {
  readonly id: string;
  readonly level: BattleLevel;
  readonly bestOf: number;
  readonly seed: number;
  readonly seats: readonly Seat[];
  readonly clock: BattleClock;
  /** Fresh unguessable prompt ids (crypto in the server, a counter in tests). */
  readonly newId: () => string;
  /** Bots' reaction times and slips. */
  readonly random: Random;
  readonly timing?: Partial<MatchTiming>;
  /**
   * Called once when the match is over; resolves with the new shown ratings of rated seats
   * (empty when nothing is rated) before the results go out.
   */
  readonly onEnd: (state: MatchState) => Promise<Readonly<Record<string, number>>>;
  /** Told when onEnd fails. */
  readonly onError?: (error: unknown) => void;
}

export interface MatchRunner {
  readonly id: string;
  readonly seats: readonly Seat[];
  readonly state: MatchState;
  /** Connects a seat's socket (at the start, or on rejoin) and tells it where the match is. */
  attach(seat: string, send: SendToSeat): void;
  /** A message from a seat's player. */
  handle(seat: string, message: BattleClientMessage): void;
  /** The seat's socket closed; ignored when the seat has been rejoined on another socket. */
  drop(seat: string, send: SendToSeat): void;
  /** Ends the match now (the server is stopping). */
  shutdown(): void;
  /** Resolves when the results have been sent. */
  readonly ended: Promise<void>;
}

export function createMatchRunner(o: MatchRunnerOptions): MatchRunner {
  const { clock } = o;
  let state = createMatch({
    level: o.level,
    bestOf: o.bestOf,
    seed: o.seed,
    timing: o.timing,
    players: o.seats.map((s) => ({ id: s.id, chanter: s.chanter })),
  });
  const sockets = new Map<string, SendToSeat>();
  let wake: BattleTimer | null = null;
  let pinger: BattleTimer | null = null;
  const botTimers: BattleTimer[] = [];
  const pings = new Map<string, { id: number; sentAt: number }>();
  let pingId = 0;
  const quality = new Map<string, ConnectionQuality>();
  let resolveEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => (resolveEnded = resolve));
  let ending = false;

  const sendTo = (seat: string, message: BattleServerMessage) => sockets.get(seat)?.(message);
  const sendAll = (message: BattleServerMessage) => {
    for (const send of sockets.values()) send(message);
  };

  function stateMessage(): BattleServerMessage {
    return {
      type: 'state',
      phase: state.phase,
      inMs: state.phaseEndsAt === null ? null : Math.max(0, state.phaseEndsAt - clock.now()),
      round: state.round,
      scores: Object.fromEntries(state.players.map((p) => [p.id, p.score])),
      away: state.players.filter((p) => !p.connected).map((p) => p.id),
    };
  }

  function publish(h: MatchHappening) {
    switch (h.type) {
      case 'phase':
        sendAll(stateMessage());
        break;
      case 'prompt': {
        const { prompt } = h;
        sendAll({
          type: 'prompt',
          promptId: prompt.id,
          kind: prompt.kind,
          target: prompt.target,
          graces: [...prompt.graces],
          label: prompt.label,
          staff: prompt.staff,
          round: state.round,
        });
        playBots();
        break;
      }
      case 'verdict': {
        const message: BattleServerMessage = {
          type: 'verdict',
          player: h.player,
          promptId: h.promptId,
          verdict: h.verdict,
          reactionMs: h.reactionMs,
        };
        if (h.verdict === 'late') sendTo(h.player, message);
        else sendAll(message);
        break;
      }
      case 'refused':
        sendTo(h.player, { type: 'refused', reason: h.reason });
        break;
      case 'played':
        // The opponent's last note, shown on their screen (issue 17 item 1).
        for (const seat of sockets.keys()) {
          if (seat !== h.player)
            sendTo(seat, { type: 'opponentNote', player: h.player, pitch: h.pitch });
        }
        break;
      case 'point':
        cancelBots();
        sendAll({ type: 'score', promptId: h.promptId, winner: h.winner, scores: { ...h.scores } });
        break;
      case 'finished':
        void end();
        break;
    }
  }

  function dispatch(event: MatchEvent) {
    if (isOver(state)) return;
    const step = reduceMatch(state, event);
    state = step.state;
    for (const h of step.happened) publish(h);
    schedule();
  }

  function schedule() {
    wake?.cancel();
    wake = null;
    const at = nextWakeAt(state);
    if (at === null) return;
    wake = clock.after(at - clock.now(), () => {
      wake = null;
      dispatch({ type: 'tick', now: clock.now(), promptId: o.newId() });
    });
  }

  function cancelBots() {
    for (const t of botTimers.splice(0)) t.cancel();
  }

  function playBots() {
    const prompt = state.prompt;
    if (!prompt) return;
    for (const seat of o.seats) {
      if (!seat.bot) continue;
      for (const action of planBotAnswers(seat.bot, prompt, o.random, state.timing.lockoutMs)) {
        botTimers.push(
          clock.after(action.afterMs, () => {
            const now = clock.now();
            dispatch({
              type: 'answer',
              player: seat.id,
              now,
              answer: botAnswer(prompt, action.pitch, now, seat.chanter),
            });
          }),
        );
      }
    }
  }

  function ping() {
    pinger = null;
    if (isOver(state)) return;
    const now = clock.now();
    for (const [seat, send] of sockets) {
      const id = ++pingId;
      pings.set(seat, { id, sentAt: now });
      send({ type: 'ping', id });
    }
    pinger = clock.after(PING_INTERVAL_MS, ping);
  }

  function onPong(seat: string, id: number) {
    const sent = pings.get(seat);
    // Only the latest ping counts: an old or invented id measures nothing.
    if (!sent || sent.id !== id) return;
    pings.delete(seat);
    dispatch({ type: 'roundTrip', player: seat, ms: clock.now() - sent.sentAt });
    const changed = state.players.some(
      (p) => quality.get(p.id) !== connectionQuality(p.roundTrips),
    );
    if (changed) {
      for (const p of state.players) quality.set(p.id, connectionQuality(p.roundTrips));
      sendAll({ type: 'quality', players: Object.fromEntries(quality) });
    }
  }

  async function end() {
    if (ending) return;
    ending = true;
    wake?.cancel();
    pinger?.cancel();
    cancelBots();
    let ratings: Readonly<Record<string, number>> = {};
    try {
      ratings = await o.onEnd(state);
    } catch (error) {
      // The results still go out; the ratings are what failed (a database away, say).
      o.onError?.(error);
    } finally {
      sendAll({
        type: 'results',
        outcome: state.outcome,
        players: matchResults(state).map((r) => ({
          ...r,
          reactionsMs: [...r.reactionsMs],
          perNote: { ...r.perNote } as Record<string, NoteAccuracy>,
        })),
        ratings: { ...ratings },
      });
      resolveEnded();
    }
  }

  return {
    id: o.id,
    seats: o.seats,
    get state() {
      return state;
    },
    ended,
    attach(seat, send) {
      if (!o.seats.some((s) => s.id === seat && !s.bot)) return;
      const rejoining = state.players.find((p) => p.id === seat)?.connected === false;
      sockets.set(seat, send);
      if (rejoining) dispatch({ type: 'rejoin', player: seat, now: clock.now() });
      // A rejoined player gets where the match is; a round in play was voided by the drop.
      send(stateMessage());
      if (!pinger && !isOver(state)) pinger = clock.after(0, ping);
    },
    handle(seat, message) {
      const now = clock.now();
      switch (message.type) {
        case 'ready':
          dispatch({ type: 'ready', player: seat, now });
          // Bots are always ready.
          for (const s of o.seats) if (s.bot) dispatch({ type: 'ready', player: s.id, now });
          break;
        case 'answer':
          dispatch({ type: 'answer', player: seat, now, answer: message });
          break;
        case 'pong':
          onPong(seat, message.id);
          break;
        case 'ping':
          sendTo(seat, { type: 'pong', id: message.id });
          break;
        case 'leave':
          dispatch({ type: 'leave', player: seat, now });
          break;
        default:
          sendTo(seat, { type: 'error', message: 'Not during a match' });
      }
    },
    drop(seat, send) {
      if (sockets.get(seat) !== send) return;
      sockets.delete(seat);
      pings.delete(seat);
      dispatch({ type: 'drop', player: seat, now: clock.now() });
    },
    shutdown() {
      dispatch({ type: 'shutdown', now: clock.now() });
    },
  };
}
