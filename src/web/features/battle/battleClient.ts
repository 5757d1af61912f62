/**
 * The Battle socket client (issue 17; docs/decisions/027-battle.md): plain TypeScript, no React.
 * It opens BATTLE_PATH, parses every server message with the protocol's schema (anything else
 * is dropped, never acted on), answers the server's pings, sends its own to notice a dead
 * connection, rejoins a match with its seat token after a drop (item 4: within 30 s), and
 * turns played notes into answers through the note answerer (engine to engine: the note event
 * controller feeds it directly, ADR 021). React reads one immutable snapshot through
 * subscribe/getSnapshot (useSyncExternalStore; DESIGN habit 5).
 *
 * The socket, the clock and the timers are parameters (habit 2, 3): tests drive it with a fake
 * socket and fake time.
 */
import {
  serverMessageSchema,
  type BattleClientMessageInput,
  type BattleServerMessage,
} from '../../../contracts/battle/battleProtocol.ts';
import type { BotLevel } from '../../../music/battle/battleBots.ts';
import type { BattleLevel } from '../../../music/battle/battleLevels.ts';
import { RECONNECT_MS, LOCKOUT_MS } from '../../../music/battle/battleMatch.ts';
import type { Pitch } from '../../../music/notes.ts';
import type { Clock } from '../../../audio/timers.ts';
import type { NoteEvents, TimedReadingSource } from '../../../audio/noteEvents/noteEvent.ts';
import { createNoteAnswerer } from './noteAnswerer.ts';
import {
  INITIAL_BATTLE_VIEW,
  type BattleResults,
  type BattleView,
  type MatchView,
} from './battleView.ts';

/** The parts of a browser WebSocket the client uses. */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** Own pings while connected: the round trip shown, and a dead connection noticed. */
export const CLIENT_PING_MS = 2_000;
/** Nothing heard for this long (the server pings every 2 s in a match): the socket is dead. */
export const SILENT_MS = 8_000;
/** Between rejoin attempts while the 30 s last. */
export const REJOIN_RETRY_MS = 1_000;

/** Who the player is, read from the settings store when a game is started. */
export interface BattleIdentity {
  readonly localId: string;
  readonly initials: string;
}

export interface BattleClientOptions {
  openSocket: () => SocketLike;
  clock: Clock;
  identity: () => BattleIdentity;
}

type Join =
  | { type: 'quick'; level: BattleLevel }
  | { type: 'create'; level: BattleLevel; bestOf: 3 | 5 | 7 }
  | { type: 'join'; code: string }
  | { type: 'bot'; level: BattleLevel; bestOf: 3 | 5 | 7; botLevel: BotLevel };

export interface BattleClient {
  getSnapshot(): BattleView;
  subscribe(listener: () => void): () => void;
  /**
   * Opens a socket and asks for a game. `chanter`: the player's chanter frequencies (their
   * readings are judged on it), or undefined for the standard chanter (the keyboard's).
   */
  start(join: Join, chanter?: readonly number[]): void;
  acceptBot(): void;
  rematch(): void;
  /** Leaves the queue, room or match (a loss mid-match) and goes back to the setup. */
  leave(): void;
  /** Takes played notes from the note event controller until the returned function is called. */
  connectNotes(source: NoteEvents & TimedReadingSource): () => void;
  dispose(): void;
}

/** Initials the server accepts (up to 3 letters or digits). */
const cleanInitials = (s: string) =>
  [...s.normalize('NFC')]
    .filter((c) => /[\p{L}\p{N}]/u.test(c))
    .slice(0, 3)
    .join('');

export function createBattleClient(o: BattleClientOptions): BattleClient {
  const { clock } = o;
  const listeners = new Set<() => void>();
  let view: BattleView = INITIAL_BATTLE_VIEW;
  let socket: SocketLike | null = null;
  let pending: BattleClientMessageInput | null = null;
  let rejoin: { matchId: string; token: string } | null = null;
  let droppedAt: number | null = null;
  let retry: unknown = null;
  let pinger: unknown = null;
  let lastHeard = 0;
  let pingId = 0;
  const pingsSent = new Map<number, number>();
  let lastSentAt = -Infinity;

  function set(patch: Partial<BattleView>) {
    view = { ...view, ...patch };
    for (const l of [...listeners]) l();
  }
  function setMatch(patch: Partial<MatchView>) {
    if (view.match) set({ match: { ...view.match, ...patch } });
  }

  function send(message: BattleClientMessageInput) {
    socket?.send(JSON.stringify(message));
  }

  const answerer = createNoteAnswerer((answer) => {
    // A replayed message (same clientSentAt) is refused: keep every answer's stamp distinct.
    const now = Math.max(clock.now(), lastSentAt + 0.001);
    lastSentAt = now;
    send({ type: 'answer', ...answer, clientSentAt: now });
  });

  function stopTimers() {
    if (retry !== null) clock.clearTimeout(retry);
    if (pinger !== null) clock.clearTimeout(pinger);
    retry = pinger = null;
  }

  function ping() {
    pinger = null;
    if (!socket) return;
    if (clock.now() - lastHeard > SILENT_MS) return lost();
    const id = ++pingId;
    pingsSent.set(id, clock.now());
    send({ type: 'ping', id });
    pinger = clock.setTimeout(ping, CLIENT_PING_MS);
  }

  function open() {
    const s = o.openSocket();
    socket = s;
    lastHeard = clock.now();
    s.onmessage = (event) => {
      if (socket === s) receive(event.data);
    };
    s.onclose = () => {
      if (socket === s) lost();
    };
    s.onerror = () => {};
    if (pinger === null) pinger = clock.setTimeout(ping, CLIENT_PING_MS);
  }

  /** The socket is gone (closed, or silent too long): rejoin a match in play, else reset. */
  function lost() {
    const s = socket;
    socket = null;
    if (s) {
      s.onmessage = s.onclose = s.onerror = null;
      s.close();
    }
    stopTimers();
    answerer.setPrompt(null);
    const inPlay = view.match !== null && view.results === null && rejoin !== null;
    if (inPlay) {
      droppedAt ??= clock.now();
      if (clock.now() - droppedAt >= RECONNECT_MS) {
        rejoin = null;
        droppedAt = null;
        return set({ connection: 'lost', error: 'The connection did not come back in time.' });
      }
      set({ connection: 'reconnecting' });
      retry = clock.setTimeout(() => {
        retry = null;
        pending = { type: 'rejoin', ...rejoin! };
        open();
      }, REJOIN_RETRY_MS);
      return;
    }
    if (view.results) return set({ connection: 'closed', rematchOffer: null });
    // Waiting in the queue or a room, or never connected: the server forgot us; start again.
    set({
      ...INITIAL_BATTLE_VIEW,
      signedIn: view.signedIn,
      error: 'The connection to the Battle server was lost. Try again.',
    });
  }

  function receive(data: unknown) {
    let json: unknown;
    try {
      json = JSON.parse(String(data));
    } catch {
      return set({ ignoredMessages: view.ignoredMessages + 1 });
    }
    const parsed = serverMessageSchema.safeParse(json);
    if (!parsed.success) return set({ ignoredMessages: view.ignoredMessages + 1 });
    lastHeard = clock.now();
    handle(parsed.data);
  }

  function handle(m: BattleServerMessage) {
    const now = clock.now();
    switch (m.type) {
      case 'hello':
        set({ signedIn: m.signedIn, connection: 'open' });
        if (pending) send(pending);
        pending = null;
        return;
      case 'ping':
        return send({ type: 'pong', id: m.id });
      case 'pong': {
        const sentAt = pingsSent.get(m.id);
        pingsSent.clear();
        if (sentAt !== undefined) set({ roundTripMs: Math.round(now - sentAt) });
        return;
      }
      case 'waiting':
        return set({
          lobby: { mode: m.mode, code: m.code, since: now - m.waitedMs, botOffered: false },
          starting: null,
          error: null,
        });
      case 'botOffer':
        if (view.lobby) set({ lobby: { ...view.lobby, botOffered: true } });
        return;
      case 'match':
        rejoin = { matchId: m.matchId, token: m.token };
        set({
          starting: null,
          lobby: null,
          results: null,
          rematchOffer: null,
          rematchAsked: false,
          error: null,
          notice: null,
          match: {
            matchId: m.matchId,
            you: m.you,
            players: m.players,
            level: m.level,
            bestOf: m.bestOf,
            phase: 'waiting',
            phaseEndsAt: null,
            round: 0,
            scores: Object.fromEntries(m.players.map((p) => [p.id, 0])),
            away: [],
            prompt: null,
            verdicts: {},
            lockedUntil: null,
            opponentNote: null,
            lastPoint: null,
            quality: {},
          },
        });
        // The screen started the input before joining: ready at once (the countdown follows).
        return send({ type: 'ready' });
      case 'state': {
        if (m.phase !== 'round') answerer.setPrompt(null);
        const rejoined = droppedAt !== null;
        droppedAt = null;
        set({ connection: 'open', ...(rejoined ? { notice: null } : {}) });
        return setMatch({
          phase: m.phase,
          phaseEndsAt: m.inMs === null ? null : now + m.inMs,
          round: m.round,
          scores: m.scores,
          away: m.away,
          ...(m.phase === 'round' ? {} : { prompt: null }),
        });
      }
      case 'prompt':
        answerer.setPrompt({ promptId: m.promptId, target: m.target, graces: m.graces });
        return setMatch({
          prompt: {
            id: m.promptId,
            kind: m.kind,
            target: m.target,
            graces: m.graces,
            label: m.label,
          },
          round: m.round,
          phase: 'round',
          verdicts: {},
          lockedUntil: null,
          lastPoint: null,
        });
      case 'verdict': {
        const match = view.match;
        if (!match || match.prompt?.id !== m.promptId) return;
        const mine = m.player === match.you;
        if (mine && m.verdict === 'right') answerer.setPrompt(null);
        return setMatch({
          verdicts: { ...match.verdicts, [m.player]: { verdict: m.verdict, ms: m.reactionMs } },
          ...(mine && m.verdict === 'wrong' ? { lockedUntil: now + LOCKOUT_MS } : {}),
        });
      }
      case 'refused':
        return set({ notice: `Not counted: ${m.reason}.` });
      case 'opponentNote':
        return setMatch({ opponentNote: m.pitch as Pitch });
      case 'score':
        if (view.match?.prompt?.id === m.promptId) answerer.setPrompt(null);
        return setMatch({ scores: m.scores, lastPoint: { winner: m.winner } });
      case 'quality':
        return setMatch({ quality: m.players });
      case 'results': {
        answerer.setPrompt(null);
        rejoin = null;
        const results: BattleResults = {
          outcome: m.outcome,
          players: m.players,
          ratings: m.ratings,
        };
        set({ results, rematchOffer: null, rematchAsked: false });
        return setMatch({ phase: 'finished', prompt: null });
      }
      case 'rematchOffer':
        return set({ rematchOffer: m.from });
      case 'error':
        if (rejoin && droppedAt !== null) {
          // The seat could not be taken back: the match is over for us.
          rejoin = null;
          droppedAt = null;
          return set({ connection: 'lost', error: m.message });
        }
        if (view.results) return set({ notice: m.message, rematchAsked: false });
        if (!view.match && !view.lobby) return set({ ...INITIAL_BATTLE_VIEW, error: m.message });
        return set({ notice: m.message });
    }
  }

  function closeQuietly() {
    const s = socket;
    socket = null;
    stopTimers();
    if (s) {
      s.onmessage = s.onclose = s.onerror = null;
      s.close(1000, 'Left');
    }
  }

  return {
    getSnapshot: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(join, chanter) {
      closeQuietly();
      rejoin = null;
      droppedAt = null;
      const me = o.identity();
      const initials = cleanInitials(me.initials);
      pending = {
        ...join,
        localId: me.localId,
        ...(initials ? { initials } : {}),
        ...(chanter ? { chanter: [...chanter] } : {}),
      };
      set({ ...INITIAL_BATTLE_VIEW, connection: 'connecting', starting: join.type });
      open();
    },
    acceptBot() {
      send({ type: 'acceptBot' });
    },
    rematch() {
      set({ rematchAsked: true });
      send({ type: 'rematch' });
    },
    leave() {
      send({ type: 'leave' });
      closeQuietly();
      rejoin = null;
      droppedAt = null;
      answerer.setPrompt(null);
      set({ ...INITIAL_BATTLE_VIEW, signedIn: view.signedIn });
    },
    connectNotes: (source) => answerer.connect(source),
    dispose() {
      // Reusable afterwards (React's StrictMode unmounts and mounts again in development).
      if (socket && view.match && !view.results) send({ type: 'leave' });
      closeQuietly();
      rejoin = null;
      droppedAt = null;
      answerer.setPrompt(null);
    },
  };
}
