/**
 * The Battle lobby (issue 17 item 2 'Ways to play', item 6 'Limits'): quick match by rating band
 * (the wait shown, a bot offered after BOT_OFFER_MS), private rooms by short code, bot matches,
 * rejoining a dropped seat, and the per-client limits. One lobby per server instance; each match
 * is a matchRunner. No fastify and no sockets: a connection is a `send` function and the route
 * (src/server/routes/battle.ts) feeds parsed messages in. Cross-instance play (LISTEN/NOTIFY) is
 * not here yet (docs/decisions/027-battle.md).
 */
import { BOT_LEVELS, type BotLevel } from '../../music/battle/battleBots.ts';
import type { BattleLevel } from '../../music/battle/battleLevels.ts';
import type { MatchState, MatchTiming } from '../../music/battle/battleMatch.ts';
import { customChanter, type Chanter } from '../../music/chanter.ts';
import type { Random } from '../../music/random.ts';
import {
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
  type BattleClientMessage,
} from '../../contracts/battle/battleProtocol.ts';
import type { BattleClock, BattleTimer } from './battleClock.ts';
import { rateMatch, shownRating } from './battleRating.ts';
import { createMatchRunner, type MatchRunner, type SendToSeat } from './matchRunner.ts';
import type { RatingStore } from './ratingStore.ts';

/** Quick match offers a bot after this wait (issue 17 item 2). */
export const BOT_OFFER_MS = 20_000;
/** How often waiting quick-match players are looked at again (their band widens as they wait). */
export const QUICK_SWEEP_MS = 1_000;
export const QUICK_BEST_OF = 5;
/** How long after the results a rematch may be asked for. */
export const REMATCH_MS = 60_000;
/** A bot offered in quick match, unless the player picks another level. */
export const QUICK_BOT_LEVEL: BotLevel = 'player';

/**
 * How far apart two quick-match ratings may be (in shown-rating points, openskill's ordinal,
 * where a new player is 0 and a seasoned one 20–30): 3 at first, widening by 1 every 2 s of
 * waiting, so a rare player still finds someone before the bot is offered.
 */
export function ratingBand(waitedMs: number): number {
  return 3 + Math.max(0, waitedMs) / 2_000;
}

export interface LobbyLimits {
  /** Queue entries, open rooms and matches at once from one client (request.ip). */
  maxRoomsPerClient: number;
  /** New quick entries, rooms and bot matches one client may start per minute. */
  roomCreationsPerMinute: number;
  /** Matches running on this instance. */
  maxMatches: number;
  /** A private room nobody joined closes after this. */
  roomTtlMs: number;
}

export const LOBBY_LIMIT_DEFAULTS: LobbyLimits = {
  maxRoomsPerClient: 2,
  roomCreationsPerMinute: 10,
  maxMatches: 5_000,
  roomTtlMs: 10 * 60_000,
};

export const lobbyMessages = {
  needIdentity: 'Sign in, or send your local id, to play.',
  busy: 'You are already playing or waiting for a game.',
  tooManyRooms: 'Too many games open from here; finish one first.',
  tooFast: 'Too many new games; wait a minute.',
  full: 'Battle is full just now; try again in a minute.',
  noRoom: 'There is no room with that code.',
  ownRoom: 'That is your own room: send the code to a friend.',
  noMatch: 'That match is over or the seat is taken.',
  opponentGone: 'Your opponent has gone.',
  notNow: 'Not now.',
  badChanter: 'That chanter cannot be used.',
} as const;

export interface LobbyUser {
  readonly id: string;
  readonly name: string;
  readonly initials: string | null;
}

export interface LobbyClient {
  /** Who the limits count against: the request's address. */
  readonly key: string;
  /** The signed-in user, from the session cookie; null for anonymous players. */
  readonly user: LobbyUser | null;
  readonly send: SendToSeat;
}

export interface LobbySession {
  handle(message: BattleClientMessage): Promise<void>;
  close(): void;
}

export interface BattleLobby {
  connect(client: LobbyClient): LobbySession;
  readonly matches: number;
  readonly waiting: number;
  readonly rooms: number;
  /** Ends every match cleanly (issue 17 item 5) and closes the lobby. */
  shutdown(): Promise<void>;
}

export interface BattleLobbyOptions {
  clock: BattleClock;
  random: Random;
  newId: () => string;
  ratings: RatingStore;
  limits?: Partial<LobbyLimits>;
  timing?: Partial<MatchTiming>;
  /** Where a failed rating update is reported. */
  onError?: (error: unknown) => void;
}

interface Player {
  session: Session;
  /** 'user:<id>' or 'local:<local id>': one person in two tabs is never paired with themselves. */
  identity: string;
  name: string;
  userId: string | null;
  rating: number | null;
  chanter?: Chanter;
}

/** A finished match's players, for a rematch (issue 17 item 1: 'Rematch with one click'). */
interface Rematch {
  level: BattleLevel;
  bestOf: number;
  bot: BotLevel | null;
  /** Human players in seat order, with the sessions they finished on. */
  players: Player[];
  wanted: Set<Session>;
  expiry: BattleTimer;
}

interface Session extends LobbySession {
  readonly client: LobbyClient;
  rematch: Rematch | null;
  activity:
    | null
    | { kind: 'quick'; level: BattleLevel; since: number; offered: boolean; player: Player }
    | { kind: 'room'; code: string }
    | { kind: 'match'; runner: MatchRunner; seat: string; send: SendToSeat };
}

interface Room {
  code: string;
  level: BattleLevel;
  bestOf: number;
  host: Player;
  expiry: BattleTimer;
}

type Join = Extract<BattleClientMessage, { type: 'quick' | 'create' | 'join' | 'bot' }>;

export function createBattleLobby(o: BattleLobbyOptions): BattleLobby {
  const limits = { ...LOBBY_LIMIT_DEFAULTS, ...o.limits };
  const { clock } = o;
  const queue: Session[] = [];
  const rooms = new Map<string, Room>();
  const runners = new Map<string, MatchRunner>();
  const activeByKey = new Map<string, number>();
  const creations = new Map<string, number[]>();
  let sweep: BattleTimer | null = null;
  let closed = false;

  function setActivity(session: Session, activity: Session['activity']) {
    const key = session.client.key;
    const delta = (activity ? 1 : 0) - (session.activity ? 1 : 0);
    const n = (activeByKey.get(key) ?? 0) + delta;
    if (n > 0) activeByKey.set(key, n);
    else activeByKey.delete(key);
    session.activity = activity;
  }

  /** Null when the client may start something new, else why not. */
  function refusal(session: Session): string | null {
    if (closed) return lobbyMessages.full;
    if (session.activity) return lobbyMessages.busy;
    const key = session.client.key;
    if ((activeByKey.get(key) ?? 0) >= limits.maxRoomsPerClient) return lobbyMessages.tooManyRooms;
    const now = clock.now();
    const recent = (creations.get(key) ?? []).filter((t) => now - t < 60_000);
    if (recent.length >= limits.roomCreationsPerMinute) return lobbyMessages.tooFast;
    if (runners.size >= limits.maxMatches) return lobbyMessages.full;
    recent.push(now);
    creations.set(key, recent);
    return null;
  }

  async function playerOf(session: Session, join: Join): Promise<Player | string> {
    const { user } = session.client;
    let chanter: Chanter | undefined;
    if (join.chanter) {
      try {
        chanter = customChanter('Player', 'player', join.chanter);
      } catch {
        return lobbyMessages.badChanter;
      }
    }
    if (user) {
      const rating = shownRating(await o.ratings.get(user.id));
      const name = user.initials || user.name.split(/\s+/)[0]!.slice(0, 20) || 'Piper';
      return { session, identity: `user:${user.id}`, name, userId: user.id, rating, chanter };
    }
    if (!join.localId) return lobbyMessages.needIdentity;
    return {
      session,
      identity: `local:${join.localId}`,
      name: join.initials || 'Piper',
      userId: null,
      rating: null,
      chanter,
    };
  }

  function code(): string {
    for (;;) {
      let c = '';
      for (let i = 0; i < ROOM_CODE_LENGTH; i++) {
        c += ROOM_CODE_ALPHABET[Math.floor(o.random() * ROOM_CODE_ALPHABET.length)];
      }
      if (!rooms.has(c)) return c;
    }
  }

  function startMatch(
    level: BattleLevel,
    bestOf: number,
    humans: readonly Player[],
    bot: BotLevel | null,
  ) {
    const seats = [
      ...humans.map((p, i) => ({
        id: `p${i + 1}`,
        name: p.name,
        bot: null,
        rating: p.rating,
        chanter: p.chanter,
        token: o.newId(),
      })),
      ...(bot ? [{ id: 'p2', name: `${bot} bot`, bot, rating: null, token: o.newId() }] : []),
    ];
    const byId = new Map(humans.map((p, i) => [`p${i + 1}`, p]));
    for (const p of humans) cancelRematch(p.session, false);
    const runner = createMatchRunner({
      id: o.newId(),
      level,
      bestOf,
      seed: Math.floor(o.random() * 2 ** 32),
      seats,
      clock,
      newId: o.newId,
      random: o.random,
      timing: o.timing,
      onEnd: (state) => rate(state, byId),
      onError: o.onError,
    });
    runners.set(runner.id, runner);
    const info = seats.map((s) => ({
      id: s.id,
      name: s.name,
      bot: s.bot !== null,
      rating: s.rating,
    }));
    for (const [seat, player] of byId) {
      const token = seats.find((s) => s.id === seat)!.token;
      const send = player.session.client.send;
      setActivity(player.session, { kind: 'match', runner, seat, send });
      send({ type: 'match', matchId: runner.id, token, you: seat, players: info, level, bestOf });
      runner.attach(seat, send);
    }
    void runner.ended.then(() => {
      runners.delete(runner.id);
      const finishers = sessionsOf(runner);
      for (const s of finishers) setActivity(s, null);
      // Those still here may ask for a rematch; a seat rejoined on a new socket plays from it.
      const players = [...byId].flatMap(([seat, p]) => {
        const s = finishers.find((f) => f.activity === null && seatOf.get(f) === seat);
        return s ? [{ ...p, session: s }] : [];
      });
      if (closed || players.length !== byId.size) return;
      const rematch: Rematch = {
        level,
        bestOf,
        bot,
        players,
        wanted: new Set(),
        expiry: clock.after(REMATCH_MS, () => {
          for (const p of players) if (p.session.rematch === rematch) p.session.rematch = null;
        }),
      };
      for (const p of players) p.session.rematch = rematch;
    });
  }

  /** Sessions whose activity is this match (a rejoined seat has a new session). */
  function sessionsOf(runner: MatchRunner): Session[] {
    const found = [...allSessions].filter(
      (s) => s.activity?.kind === 'match' && s.activity.runner === runner,
    );
    for (const s of found) if (s.activity?.kind === 'match') seatOf.set(s, s.activity.seat);
    return found;
  }

  async function rate(
    state: MatchState,
    byId: ReadonlyMap<string, Player>,
  ): Promise<Record<string, number>> {
    const [a, b] = [byId.get('p1'), byId.get('p2')];
    if (!a?.userId || !b?.userId || a.userId === b.userId) return {};
    const [ra, rb] = await Promise.all([o.ratings.get(a.userId), o.ratings.get(b.userId)]);
    const next = rateMatch('p1', ra, rb, state.outcome);
    if (!next) return {};
    const winner = state.outcome && 'winner' in state.outcome ? state.outcome.winner : null;
    await o.ratings.save([
      { userId: a.userId, rating: next[0], won: winner === 'p1' },
      { userId: b.userId, rating: next[1], won: winner === 'p2' },
    ]);
    return { p1: shownRating(next[0]), p2: shownRating(next[1]) };
  }

  function pairQuick() {
    const now = clock.now();
    for (const s of [...queue]) {
      const a = s.activity;
      if (a?.kind !== 'quick' || !queue.includes(s)) continue;
      const partner = queue.find((t) => {
        const b = t.activity;
        if (t === s || b?.kind !== 'quick' || b.level !== a.level) return false;
        if (b.player.identity === a.player.identity) return false;
        const band = Math.max(ratingBand(now - a.since), ratingBand(now - b.since));
        return Math.abs((a.player.rating ?? 0) - (b.player.rating ?? 0)) <= band;
      });
      if (!partner || partner.activity?.kind !== 'quick') continue;
      const other = partner.activity.player;
      queue.splice(queue.indexOf(s), 1);
      queue.splice(queue.indexOf(partner), 1);
      setActivity(s, null);
      setActivity(partner, null);
      startMatch(a.level, QUICK_BEST_OF, [a.player, other], null);
    }
    for (const s of queue) {
      const a = s.activity;
      if (a?.kind === 'quick' && !a.offered && now - a.since >= BOT_OFFER_MS) {
        a.offered = true;
        s.client.send({ type: 'botOffer', waitedMs: now - a.since });
      }
    }
    sweep?.cancel();
    sweep = queue.length > 0 && !closed ? clock.after(QUICK_SWEEP_MS, pairQuick) : null;
  }

  function leaveQueueOrRoom(session: Session) {
    const a = session.activity;
    if (a?.kind === 'quick') queue.splice(queue.indexOf(session), 1);
    if (a?.kind === 'room') {
      rooms.get(a.code)?.expiry.cancel();
      rooms.delete(a.code);
    }
    if (a?.kind === 'quick' || a?.kind === 'room') setActivity(session, null);
  }

  const allSessions = new Set<Session>();
  const seatOf = new WeakMap<Session, string>();

  /** Drops the session's rematch offer; the others hear their opponent has gone. */
  function cancelRematch(session: Session, tellOthers: boolean) {
    const r = session.rematch;
    if (!r) return;
    r.expiry.cancel();
    for (const p of r.players) {
      p.session.rematch = null;
      if (tellOthers && p.session !== session && allSessions.has(p.session)) {
        p.session.client.send({ type: 'error', message: lobbyMessages.opponentGone });
      }
    }
  }

  async function askRematch(session: Session) {
    const r = session.rematch;
    if (!r || session.activity)
      return session.client.send({ type: 'error', message: lobbyMessages.notNow });
    const why = refusal(session);
    if (why) return session.client.send({ type: 'error', message: why });
    r.wanted.add(session);
    const me = r.players.find((p) => p.session === session)!;
    if (r.players.some((p) => !r.wanted.has(p.session))) {
      const seat = `p${r.players.indexOf(me) + 1}`;
      for (const p of r.players) {
        if (p.session !== session) p.session.client.send({ type: 'rematchOffer', from: seat });
      }
      return;
    }
    // Ratings may have moved with the last match: read them again.
    const players = await Promise.all(
      r.players.map(async (p) =>
        p.userId ? { ...p, rating: shownRating(await o.ratings.get(p.userId)) } : p,
      ),
    );
    if (session.rematch !== r || players.some((p) => p.session.activity)) return;
    startMatch(r.level, r.bestOf, players, r.bot);
  }

  function connect(client: LobbyClient): LobbySession {
    const error = (message: string) => client.send({ type: 'error', message });
    const session: Session = {
      client,
      activity: null,
      rematch: null,
      async handle(message) {
        const a = session.activity;
        if (a?.kind === 'match') {
          if (
            message.type === 'leave' ||
            !['quick', 'create', 'join', 'bot', 'rejoin'].includes(message.type)
          ) {
            a.runner.handle(a.seat, message);
          } else {
            error(lobbyMessages.busy);
          }
          return;
        }
        switch (message.type) {
          case 'quick':
          case 'create':
          case 'bot': {
            const why = refusal(session);
            if (why) return error(why);
            const player = await playerOf(session, message);
            if (typeof player === 'string') return error(player);
            if (session.activity || closed) return error(lobbyMessages.busy);
            if (message.type === 'bot')
              return startMatch(message.level, message.bestOf, [player], message.botLevel);
            if (message.type === 'create') {
              const c = code();
              const expiry = clock.after(limits.roomTtlMs, () => leaveQueueOrRoom(session));
              rooms.set(c, {
                code: c,
                level: message.level,
                bestOf: message.bestOf,
                host: player,
                expiry,
              });
              setActivity(session, { kind: 'room', code: c });
              client.send({ type: 'waiting', mode: 'room', code: c, waitedMs: 0 });
              return;
            }
            setActivity(session, {
              kind: 'quick',
              level: message.level,
              since: clock.now(),
              offered: false,
              player,
            });
            queue.push(session);
            client.send({ type: 'waiting', mode: 'quick', code: null, waitedMs: 0 });
            pairQuick();
            return;
          }
          case 'join': {
            const room = rooms.get(message.code);
            if (!room) return error(lobbyMessages.noRoom);
            if (room.host.session === session) return error(lobbyMessages.ownRoom);
            const why = refusal(session);
            if (why) return error(why);
            const player = await playerOf(session, message);
            if (typeof player === 'string') return error(player);
            // The room may have gone while the rating was read.
            if (rooms.get(message.code) !== room) return error(lobbyMessages.noRoom);
            leaveQueueOrRoom(room.host.session);
            startMatch(room.level, room.bestOf, [room.host, player], null);
            return;
          }
          case 'acceptBot': {
            if (a?.kind !== 'quick' || !a.offered) return error(lobbyMessages.notNow);
            leaveQueueOrRoom(session);
            const bot =
              message.botLevel && BOT_LEVELS.includes(message.botLevel)
                ? message.botLevel
                : QUICK_BOT_LEVEL;
            return startMatch(a.level, QUICK_BEST_OF, [a.player], bot);
          }
          case 'rejoin': {
            const runner = runners.get(message.matchId);
            const seat = runner?.seats.find((s) => s.token === message.token && !s.bot);
            if (!runner || !seat) return error(lobbyMessages.noMatch);
            setActivity(session, { kind: 'match', runner, seat: seat.id, send: client.send });
            runner.attach(seat.id, client.send);
            return;
          }
          case 'leave':
            leaveQueueOrRoom(session);
            cancelRematch(session, true);
            return;
          case 'rematch':
            return askRematch(session);
          case 'ping':
            client.send({ type: 'pong', id: message.id });
            return;
          default:
            return error(lobbyMessages.notNow);
        }
      },
      close() {
        allSessions.delete(session);
        cancelRematch(session, true);
        const a = session.activity;
        if (a?.kind === 'match') {
          a.runner.drop(a.seat, a.send);
          // The seat stays the match's until it ends or is rejoined; the slot is freed now.
          setActivity(session, null);
        } else {
          leaveQueueOrRoom(session);
        }
      },
    };
    allSessions.add(session);
    return session;
  }

  return {
    connect,
    get matches() {
      return runners.size;
    },
    get waiting() {
      return queue.length;
    },
    get rooms() {
      return rooms.size;
    },
    async shutdown() {
      closed = true;
      sweep?.cancel();
      for (const s of [...queue]) leaveQueueOrRoom(s);
      for (const room of [...rooms.values()]) leaveQueueOrRoom(room.host.session);
      const ending = [...runners.values()].map((r) => {
        r.shutdown();
        return r.ended;
      });
      await Promise.all(ending);
    },
  };
}
