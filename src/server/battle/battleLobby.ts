/**
 * The Battle lobby (issue 17 item 2 'Ways to play', item 6 'Limits'): quick match by rating band
 * (the wait shown, a bot offered after BOT_OFFER_MS), private rooms by short code, bot matches,
 * rejoining a dropped seat, and the per-client limits. One lobby per server instance; each match
 * is a matchRunner. No fastify and no sockets: a connection is a `send` function and the route
 * (src/server/routes/battle.ts) feeds parsed messages in.
 *
 * Several instances (issue 17 item 5; docs/decisions/028-battle-across-instances.md): room codes
 * and the quick-match queue are in a shared directory (lobbyDirectory.ts); the instance where a
 * room or queue entry lives owns the match made from it. A player whose socket is on another
 * instance plays through a stand-in session on the owner: their instance relays the socket's
 * messages in and the stand-in's out over the bus (battleBus.ts), so the owner treats them like
 * any local player — judged on the owner's clock, the relay's delay measured by its pings.
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
import { memoryBusHub, type BattleBus, type RelayMessage } from './battleBus.ts';
import { memoryLobbyDirectory, type LobbyDirectory, type QuickEntry } from './lobbyDirectory.ts';
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
/**
 * How long a player's instance waits for the first word from the instance it relays them to
 * (a room or queue entry left behind by an instance that died) before giving up on it.
 */
export const RELAY_ANSWER_MS = 10_000;
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
  /** Shared with the other instances (default: this lobby alone, in memory). */
  bus?: BattleBus;
  directory?: LobbyDirectory;
}

/** The instance that owns a match: match ids are '<instance>.<id>'. */
export function ownerOfMatch(matchId: string): string | null {
  const owner = matchId.split('.', 1)[0]!;
  return owner !== matchId && /^[a-z0-9]{1,40}$/.test(owner) ? owner : null;
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

type Quick = Extract<BattleClientMessage, { type: 'quick' }>;

interface Session extends LobbySession {
  readonly client: LobbyClient;
  /** Names this session on the bus. */
  readonly ref: string;
  /** A stand-in for a player whose socket is on instance `from`; null for a local socket. */
  readonly proxy: { from: string; ref: string } | null;
  /** The instance this local socket plays on through its stand-in, or null (plays here). */
  relay: string | null;
  rematch: Rematch | null;
  activity:
    | null
    | {
        kind: 'quick';
        level: BattleLevel;
        since: number;
        offered: boolean;
        player: Player;
        entry: QuickEntry;
        ask: Quick;
      }
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
  const bus = o.bus ?? memoryBusHub(o.onError).join();
  const directory = o.directory ?? memoryLobbyDirectory();
  const me = bus.instanceId;
  const report = (error: unknown) => o.onError?.(error);
  /** Stand-ins here for players on other instances, by '<instance>/<ref>'. */
  const proxies = new Map<string, Session>();
  /** Local sessions playing through a stand-in elsewhere, by ref. */
  const relayed = new Map<string, Session>();
  const silence = new WeakMap<Session, BattleTimer>();
  let refs = 0;
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

  /** A fresh room code, published in the directory so every instance can find the room. */
  async function code(): Promise<string> {
    for (;;) {
      let c = '';
      for (let i = 0; i < ROOM_CODE_LENGTH; i++) {
        c += ROOM_CODE_ALPHABET[Math.floor(o.random() * ROOM_CODE_ALPHABET.length)];
      }
      if (!rooms.has(c) && (await directory.addRoom(c, me))) return c;
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
      id: `${me}.${o.newId()}`,
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

  /**
   * Looks for a partner for a waiting session in the shared queue (the directory): on this
   * instance, the match starts here; on another, this player joins it there through a stand-in
   * (the waiting player's instance owns the match). The one who waited longer has the wider
   * band, so each player's own sweep is enough.
   */
  async function tryPair(session: Session) {
    const a = session.activity;
    if (a?.kind !== 'quick') return;
    const partner = await directory.claim(a.entry, ratingBand(clock.now() - a.since));
    if (partner === null || partner === 'gone') return;
    if (session.activity !== a) {
      // Left while the claim ran: put the partner back.
      if (partner.instance === me) return requeue(partner.id);
      return bus.send(partner.instance, { t: 'requeue', entry: partner.id });
    }
    if (partner.instance !== me) {
      leaveQueueOrRoom(session);
      bind(session, partner.instance, a.ask);
      bus.send(partner.instance, {
        t: 'pair',
        from: me,
        ref: session.ref,
        entry: partner.id,
        quick: a.ask,
      });
      return;
    }
    const other = queue.find(
      (t) => t.activity?.kind === 'quick' && t.activity.entry.id === partner.id,
    );
    if (!other || other.activity?.kind !== 'quick') {
      // The partner left after the claim: wait on.
      await directory.addQuick(a.entry);
      return;
    }
    const first = other.activity.player;
    leaveQueueOrRoom(other);
    leaveQueueOrRoom(session);
    startMatch(a.level, QUICK_BEST_OF, [first, a.player], null);
  }

  let sweeping = false;

  /**
   * Every QUICK_SWEEP_MS while anyone waits: offers the bot, and pairs (bands widen). The next
   * sweep is set before this one's claims run, so the pace never depends on the database's.
   */
  function pairQuick() {
    sweep?.cancel();
    sweep = queue.length > 0 && !closed ? clock.after(QUICK_SWEEP_MS, pairQuick) : null;
    const now = clock.now();
    for (const s of queue) {
      const a = s.activity;
      if (a?.kind === 'quick' && !a.offered && now - a.since >= BOT_OFFER_MS) {
        a.offered = true;
        s.client.send({ type: 'botOffer', waitedMs: now - a.since });
      }
    }
    if (sweeping) return;
    sweeping = true;
    void (async () => {
      for (const s of [...queue]) await tryPair(s).catch(report);
    })().finally(() => (sweeping = false));
  }

  /** A waiting player whose claimed entry came to nothing waits on in the shared queue. */
  function requeue(entryId: string) {
    const s = queue.find((t) => t.activity?.kind === 'quick' && t.activity.entry.id === entryId);
    if (s?.activity?.kind === 'quick') directory.addQuick(s.activity.entry).catch(report);
  }

  function leaveQueueOrRoom(session: Session) {
    const a = session.activity;
    if (a?.kind === 'quick') {
      queue.splice(queue.indexOf(session), 1);
      directory.removeQuick(a.entry.id).catch(report);
    }
    if (a?.kind === 'room') {
      rooms.get(a.code)?.expiry.cancel();
      rooms.delete(a.code);
      directory.removeRoom(a.code).catch(report);
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

  /**
   * This local socket now plays through a stand-in on `owner`. An owner that never answers (it
   * died without saying so, its directory rows left behind) is given up after RELAY_ANSWER_MS:
   * `unanswered` says what the player is told or does instead.
   */
  function bind(session: Session, owner: string, unanswered: BattleClientMessage | string) {
    session.relay = owner;
    relayed.set(session.ref, session);
    const { key, user } = session.client;
    bus.send(owner, { t: 'open', from: me, ref: session.ref, key, user });
    silence.get(session)?.cancel();
    silence.set(
      session,
      clock.after(RELAY_ANSWER_MS, () => {
        silence.delete(session);
        if (session.relay !== owner) return;
        session.close();
        if (typeof unanswered === 'string') error(session, unanswered);
        else session.handle(unanswered).catch(report);
      }),
    );
  }

  /** The owner has answered: the relay works. */
  function heard(session: Session) {
    silence.get(session)?.cancel();
    silence.delete(session);
  }

  function error(session: Session, message: string) {
    session.client.send({ type: 'error', message });
  }

  /**
   * A stand-in, idle, was asked to start something new: the player's own instance does that
   * (its directory entry or room lives there, not here).
   */
  function handBack(session: Session, replay?: BattleClientMessage) {
    const p = session.proxy!;
    proxies.delete(`${p.from}/${p.ref}`);
    session.close();
    bus.send(p.from, { t: 'unbind', ref: p.ref, replay });
  }

  function connect(client: LobbyClient, proxy: Session['proxy'] = null): Session {
    const error = (message: string) => client.send({ type: 'error', message });
    const session: Session = {
      client,
      ref: `${++refs}`,
      proxy,
      relay: null,
      activity: null,
      rematch: null,
      async handle(message) {
        if (session.relay) {
          bus.send(session.relay, { t: 'in', from: me, ref: session.ref, message });
          return;
        }
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
              const c = await code();
              if (session.activity || closed) {
                directory.removeRoom(c).catch(report);
                return error(lobbyMessages.busy);
              }
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
            const entry: QuickEntry = {
              id: o.newId(),
              instance: me,
              level: message.level,
              identity: player.identity,
              rating: player.rating ?? 0,
            };
            const since = clock.now();
            setActivity(session, {
              kind: 'quick',
              level: message.level,
              since,
              offered: false,
              player,
              entry,
              ask: message,
            });
            queue.push(session);
            await directory.addQuick(entry);
            await tryPair(session);
            // Said once the entry is in the shared queue and nobody there fitted at once.
            // (TypeScript narrowed activity to null before the awaits.)
            const now = session.activity as Session['activity'];
            if (now?.kind === 'quick' && now.entry === entry) {
              client.send({ type: 'waiting', mode: 'quick', code: null, waitedMs: 0 });
            }
            if (!sweep && queue.length > 0 && !closed)
              sweep = clock.after(QUICK_SWEEP_MS, () => void pairQuick());
            return;
          }
          case 'join': {
            const room = rooms.get(message.code);
            if (!room && !proxy) {
              // Perhaps a room on another instance: play there.
              const owner = await directory.findRoom(message.code);
              if (owner && owner !== me && !session.activity && !session.relay) {
                bind(session, owner, lobbyMessages.noRoom);
                bus.send(owner, { t: 'in', from: me, ref: session.ref, message, routed: true });
                return;
              }
            }
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
            const owner = ownerOfMatch(message.matchId);
            if (owner && owner !== me && !proxy) {
              bind(session, owner, lobbyMessages.noMatch);
              bus.send(owner, { t: 'in', from: me, ref: session.ref, message, routed: true });
              return;
            }
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
          case 'pong':
            // The answer to the match's last ping, arriving after the results: nothing to say
            // (seen as 'Not now.' errors in bench:battle).
            return;
          default:
            return error(lobbyMessages.notNow);
        }
      },
      close() {
        if (session.relay) {
          heard(session);
          bus.send(session.relay, { t: 'close', from: me, ref: session.ref });
          relayed.delete(session.ref);
          session.relay = null;
          return;
        }
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

  /** Stand-ins handle their player's messages one at a time, in the order sent. */
  const chains = new WeakMap<Session, Promise<void>>();
  function inOrder(session: Session, step: () => Promise<void> | void) {
    const next = (chains.get(session) ?? Promise.resolve()).then(step).catch(report);
    chains.set(session, next);
  }

  const NEW_GAME = new Set(['quick', 'create', 'join', 'bot', 'rejoin']);

  bus.listen((m: RelayMessage) => {
    switch (m.t) {
      case 'open': {
        const send: SendToSeat = (message) => bus.send(m.from, { t: 'out', ref: m.ref, message });
        proxies.set(
          `${m.from}/${m.ref}`,
          connect({ key: m.key, user: m.user, send }, { from: m.from, ref: m.ref }),
        );
        return;
      }
      case 'in': {
        const proxy = proxies.get(`${m.from}/${m.ref}`);
        if (!proxy) return bus.send(m.from, { t: 'unbind', ref: m.ref });
        inOrder(proxy, async () => {
          if (!proxy.activity && NEW_GAME.has(m.message.type) && !m.routed) {
            return handBack(proxy, m.message);
          }
          await proxy.handle(m.message);
          // A routed join or rejoin that came to nothing: the player's instance takes over.
          if (m.routed && !proxy.activity && proxies.get(`${m.from}/${m.ref}`) === proxy)
            handBack(proxy);
        });
        return;
      }
      case 'pair': {
        const proxy = proxies.get(`${m.from}/${m.ref}`);
        if (!proxy) return bus.send(m.from, { t: 'unbind', ref: m.ref, replay: m.quick });
        inOrder(proxy, async () => {
          const host = queue.find(
            (t) => t.activity?.kind === 'quick' && t.activity.entry.id === m.entry,
          );
          const player = host && !closed ? await playerOf(proxy, m.quick) : null;
          const a = host?.activity;
          if (!host || a?.kind !== 'quick' || player === null || typeof player === 'string') {
            // The waiting player has gone: the claimer waits again at home.
            return handBack(proxy, m.quick);
          }
          leaveQueueOrRoom(host);
          startMatch(a.level, QUICK_BEST_OF, [a.player, player], null);
        });
        return;
      }
      case 'requeue':
        return requeue(m.entry);
      case 'close': {
        const proxy = proxies.get(`${m.from}/${m.ref}`);
        if (!proxy) return;
        proxies.delete(`${m.from}/${m.ref}`);
        inOrder(proxy, () => proxy.close());
        return;
      }
      case 'out': {
        const session = relayed.get(m.ref);
        if (!session) return;
        heard(session);
        session.client.send(m.message);
        return;
      }
      case 'unbind': {
        const session = relayed.get(m.ref);
        if (!session) return;
        heard(session);
        relayed.delete(m.ref);
        session.relay = null;
        if (m.replay) session.handle(m.replay).catch(report);
        return;
      }
    }
  });

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
      // Players on other instances have had their results (the bus keeps order); their
      // instances take them back. Our players in matches elsewhere drop from them, and may
      // rejoin within 30 s from whichever instance they reconnect to.
      for (const [key, proxy] of proxies) {
        proxies.delete(key);
        bus.send(proxy.proxy!.from, { t: 'unbind', ref: proxy.proxy!.ref });
      }
      for (const session of [...relayed.values()]) session.close();
      await directory.clearInstance(me).catch(report);
      await bus.close();
    },
  };
}
