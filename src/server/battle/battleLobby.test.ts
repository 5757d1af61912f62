/**
 * Issue 17 items 2–4 and 6 on the server, with the clock in the test's hands (manualBattleClock):
 * the lobby, match runners and bots, driven message by message. No sockets here; the websocket
 * route has its own API test (src/server/routes/battle.api.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { botAnswer } from '../../music/battle/battleBots.ts';
import type { BattlePrompt } from '../../music/battle/battlePrompt.ts';
import { RECONNECT_MS, COUNTDOWN_MS } from '../../music/battle/battleMatch.ts';
import type { Pitch } from '../../music/notes.ts';
import { seededRandom } from '../../music/random.ts';
import type {
  BattleClientMessageInput,
  BattleServerMessage,
} from '../../contracts/battle/battleProtocol.ts';
import { clientMessageSchema } from '../../contracts/battle/battleProtocol.ts';
import {
  BOT_OFFER_MS,
  createBattleLobby,
  QUICK_SWEEP_MS,
  lobbyMessages,
  REMATCH_MS,
  type LobbyLimits,
  type LobbyUser,
} from './battleLobby.ts';
import { manualBattleClock } from './manualBattleClock.ts';
import { memoryRatingStore, type RatingStore } from './ratingStore.ts';
import { shownRating } from './battleRating.ts';

const LOCAL_A = '1b4e28ba-2fa1-4d2b-883f-0016d3cca427';
const LOCAL_B = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b';

function setup(options: { limits?: Partial<LobbyLimits>; ratings?: RatingStore } = {}) {
  const clock = manualBattleClock(1_000);
  let n = 0;
  const ratings = options.ratings ?? memoryRatingStore();
  const lobby = createBattleLobby({
    clock,
    random: seededRandom(11),
    newId: () => `id-${++n}`,
    ratings,
    limits: options.limits,
  });
  let sent = 0;
  function client(key = '127.0.0.1', user: LobbyUser | null = null) {
    const messages: BattleServerMessage[] = [];
    const session = lobby.connect({ key, user, send: (m) => messages.push(m) });
    const c = {
      messages,
      session,
      /** Sends a message as the route would: parsed by the protocol schema first. */
      send: (m: BattleClientMessageInput) => session.handle(clientMessageSchema.parse(m)),
      last<T extends BattleServerMessage['type']>(type: T) {
        return messages.filter((m) => m.type === type).at(-1) as
          Extract<BattleServerMessage, { type: T }> | undefined;
      },
      all<T extends BattleServerMessage['type']>(type: T) {
        return messages.filter((m) => m.type === type) as Extract<
          BattleServerMessage,
          { type: T }
        >[];
      },
      /** Plays `pitch` (default: the right notes) for the latest prompt. */
      answer(pitch?: Pitch) {
        const p = c.last('prompt')!;
        const prompt: BattlePrompt = {
          id: p.promptId,
          level: 1,
          kind: p.kind,
          target: p.target,
          graces: p.graces,
          label: p.label,
          staff: p.staff,
        };
        const answer = botAnswer(prompt, pitch ?? p.target, ++sent);
        return c.send({
          type: 'answer',
          ...answer,
          trace: [...answer.trace],
          graces: answer.graces.map((g) => ({ ...g, trace: [...g.trace] })),
        });
      },
    };
    return c;
  }
  return { clock, lobby, client, ratings };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('issue 17.2: bot matches on the server', () => {
  it('issue 17.2: a full best-of-3 against the pipe-major bot, judged by the server clock', async () => {
    const { clock, lobby, client } = setup();
    const me = client();
    await me.send({
      type: 'bot',
      level: 1,
      bestOf: 3,
      botLevel: 'pipe-major',
      localId: LOCAL_A,
      initials: 'AB',
    });
    const match = me.last('match')!;
    expect(match).toMatchObject({ you: 'p1', level: 1, bestOf: 3 });
    expect(match.players).toEqual([
      { id: 'p1', name: 'AB', bot: false, rating: null },
      { id: 'p2', name: 'pipe-major bot', bot: true, rating: null },
    ]);
    expect(me.last('state')).toMatchObject({ phase: 'waiting' });
    await me.send({ type: 'ready' });
    expect(me.last('state')).toMatchObject({ phase: 'countdown', inMs: COUNTDOWN_MS });
    clock.advance(COUNTDOWN_MS);
    expect(me.last('prompt')).toMatchObject({ round: 1 });
    // Round 1: I play the right note 200 ms after the prompt, well before the bot's ~550 ms.
    clock.advance(200);
    await me.answer();
    expect(me.last('score')).toMatchObject({ winner: 'p1', scores: { p1: 1, p2: 0 } });
    // Round 2: I wait; the bot plays and takes it.
    clock.advance(1_500);
    expect(me.last('prompt')).toMatchObject({ round: 2 });
    clock.advance(1_800);
    expect(me.last('score')).toMatchObject({ winner: 'p2', scores: { p1: 1, p2: 1 } });
    expect(me.last('opponentNote')).toMatchObject({ player: 'p2' });
    // Round 3: a wrong note first, then the right one after the lockout — too late.
    while (me.last('prompt')!.round < 3) clock.advance(10);
    clock.advance(200);
    await me.answer(me.last('prompt')!.target === 'D' ? 'E' : 'D');
    expect(me.last('verdict')).toMatchObject({ player: 'p1', verdict: 'wrong' });
    clock.advance(5_000);
    await flush();
    const results = me.last('results')!;
    expect(results.outcome).toEqual({ kind: 'win', winner: 'p2' });
    expect(results.players.map((p) => p.score)).toEqual([1, 2]);
    expect(results.players[0]!.accuracy).toBeCloseTo(0.5);
    expect(results.ratings).toEqual({});
    expect(lobby.matches).toBe(0);
    // Only the rematch offer is left, and it lapses.
    clock.advance(REMATCH_MS);
    expect(clock.pending).toBe(0);
  });
});

describe('issue 17.2: quick match and private rooms', () => {
  it('issue 17.2: two players waiting at the same level are matched at once; other levels wait', async () => {
    const { lobby, client } = setup();
    const a = client('10.0.0.1');
    const b = client('10.0.0.2');
    const c = client('10.0.0.3');
    await a.send({ type: 'quick', level: 2, localId: LOCAL_A });
    expect(a.last('waiting')).toEqual({ type: 'waiting', mode: 'quick', code: null, waitedMs: 0 });
    await c.send({ type: 'quick', level: 3, localId: LOCAL_B });
    expect(lobby.waiting).toBe(2);
    await b.send({ type: 'quick', level: 2, localId: LOCAL_B });
    expect(a.last('match')).toMatchObject({ you: 'p1', bestOf: 5 });
    expect(b.last('match')).toMatchObject({ you: 'p2' });
    expect(lobby.waiting).toBe(1);
    expect(c.last('match')).toBeUndefined();
    // The same person in another tab is not an opponent.
    const d = client('10.0.0.4');
    await d.send({ type: 'quick', level: 3, localId: LOCAL_B });
    expect(d.last('match')).toBeUndefined();
    expect(lobby.waiting).toBe(2);
  });

  it('issue 17.2: ratings far apart wait until the band widens; the bot is offered after 20 s', async () => {
    const ratings = memoryRatingStore();
    await ratings.save([{ userId: 'strong', rating: { mu: 30, sigma: 1 } }]); // shown 27
    const { clock, client } = setup({ ratings });
    const newcomer = client('10.0.0.1', { id: 'new', name: 'Ann Fraser', initials: null });
    const strong = client('10.0.0.2', { id: 'strong', name: 'Bob', initials: 'BM' });
    await newcomer.send({ type: 'quick', level: 1 });
    await strong.send({ type: 'quick', level: 1 });
    expect(shownRating({ mu: 30, sigma: 1 })).toBe(27);
    clock.advance(BOT_OFFER_MS - 1);
    expect(newcomer.last('match')).toBeUndefined();
    expect(newcomer.last('botOffer')).toBeUndefined();
    clock.advance(1);
    expect(newcomer.last('botOffer')).toEqual({ type: 'botOffer', waitedMs: BOT_OFFER_MS });
    await newcomer.send({ type: 'acceptBot' });
    expect(newcomer.last('match')!.players[1]).toMatchObject({ bot: true, name: 'player bot' });
    expect(newcomer.last('match')!.players[0]).toMatchObject({ name: 'Ann', rating: 0 });

    // Band: 3 + 1 per 2 s waited: a 27-point gap closes after 48 s. Each sweep's claim in the
    // shared queue is asynchronous (a database transaction across instances): let it finish.
    const again = client('10.0.0.3', { id: 'new2', name: 'Cat', initials: 'C' });
    await again.send({ type: 'quick', level: 1 });
    const wait = async (ms: number) => {
      for (let t = 0; t < ms; t += QUICK_SWEEP_MS) {
        clock.advance(QUICK_SWEEP_MS);
        await flush();
      }
    };
    await wait(47_000 - BOT_OFFER_MS);
    expect(strong.last('match')).toBeUndefined();
    await wait(BOT_OFFER_MS + 1_000);
    expect(strong.last('match')).toBeDefined();
  });

  it('issue 17.2: a private room by short code; wrong codes and one’s own room are refused', async () => {
    const { lobby, client } = setup();
    const host = client('10.0.0.1');
    const friend = client('10.0.0.2');
    await host.send({ type: 'create', level: 4, bestOf: 7, localId: LOCAL_A });
    const { code } = host.last('waiting')!;
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}$/);
    expect(lobby.rooms).toBe(1);
    await host.send({ type: 'join', code: code!, localId: LOCAL_A });
    expect(host.last('error')).toEqual({ type: 'error', message: lobbyMessages.ownRoom });
    await friend.send({ type: 'join', code: 'ZZZZZ', localId: LOCAL_B });
    expect(friend.last('error')).toEqual({ type: 'error', message: lobbyMessages.noRoom });
    await friend.send({ type: 'join', code: code!.toLowerCase(), localId: LOCAL_B });
    expect(friend.last('match')).toMatchObject({ you: 'p2', level: 4, bestOf: 7 });
    expect(host.last('match')).toMatchObject({ you: 'p1' });
    expect(lobby.rooms).toBe(0);
  });
});

describe('issue 17.6: lobby limits', () => {
  it('issue 17.6: an anonymous player needs a local id; rooms per client and creations per minute are capped', async () => {
    const { clock, client } = setup({
      limits: { maxRoomsPerClient: 2, roomCreationsPerMinute: 3 },
    });
    const nobody = client('10.0.0.9');
    await nobody.send({ type: 'create', level: 1, bestOf: 3 });
    expect(nobody.last('error')!.message).toBe(lobbyMessages.needIdentity);

    const tabs = [client(), client(), client()];
    for (const tab of tabs)
      await tab.send({ type: 'create', level: 1, bestOf: 3, localId: LOCAL_A });
    expect(tabs[2]!.last('error')!.message).toBe(lobbyMessages.tooManyRooms);
    await tabs[0]!.send({ type: 'leave' });
    await tabs[2]!.send({ type: 'create', level: 1, bestOf: 3, localId: LOCAL_A });
    // The third creation this minute (the refused one counted nothing) is allowed...
    expect(tabs[2]!.last('waiting')).toBeDefined();
    await tabs[2]!.send({ type: 'leave' });
    await tabs[0]!.send({ type: 'create', level: 1, bestOf: 3, localId: LOCAL_A });
    // ...the fourth is not, until a minute has passed.
    expect(tabs[0]!.last('error')!.message).toBe(lobbyMessages.tooFast);
    clock.advance(60_000);
    await tabs[0]!.send({ type: 'create', level: 1, bestOf: 3, localId: LOCAL_A });
    expect(tabs[0]!.all('waiting')).toHaveLength(2);
  });

  it('issue 17.6: messages are parsed by the protocol: unknown types and oversized traces are refused', () => {
    expect(clientMessageSchema.safeParse({ type: 'cheat' }).success).toBe(false);
    const reading = { t: 0, hz: 640, clarity: 0.9 };
    const answer = { type: 'answer', promptId: 'x', pitch: 'D', clientSentAt: 1, graces: [] };
    expect(clientMessageSchema.safeParse({ ...answer, trace: [reading] }).success).toBe(true);
    expect(
      clientMessageSchema.safeParse({ ...answer, trace: Array(13).fill(reading) }).success,
    ).toBe(false);
    expect(clientMessageSchema.safeParse({ ...answer, pitch: 'Z', trace: [] }).success).toBe(false);
    expect(
      clientMessageSchema.safeParse({ type: 'quick', level: 1, localId: 'not-a-uuid' }).success,
    ).toBe(false);
  });
});

describe('issue 17.4: dropped connections on the server', () => {
  async function roomMatch(setupResult: ReturnType<typeof setup>, users?: [LobbyUser, LobbyUser]) {
    const host = setupResult.client('10.0.0.1', users?.[0] ?? null);
    const friend = setupResult.client('10.0.0.2', users?.[1] ?? null);
    await host.send({ type: 'create', level: 1, bestOf: 3, localId: LOCAL_A });
    await friend.send({ type: 'join', code: host.last('waiting')!.code!, localId: LOCAL_B });
    await host.send({ type: 'ready' });
    await friend.send({ type: 'ready' });
    setupResult.clock.advance(COUNTDOWN_MS);
    return { host, friend };
  }

  it('issue 17.4: a player who drops can rejoin with the match token within 30 s and carry on', async () => {
    const s = setup();
    const { host, friend } = await roomMatch(s);
    const { matchId, token } = friend.last('match')!;
    friend.session.close();
    expect(host.last('state')).toMatchObject({ phase: 'between', away: ['p2'] });
    s.clock.advance(RECONNECT_MS - 1);
    const back = s.client('10.0.0.2');
    await back.send({ type: 'rejoin', matchId, token: 'wrong' });
    expect(back.last('error')!.message).toBe(lobbyMessages.noMatch);
    await back.send({ type: 'rejoin', matchId, token });
    expect(back.last('state')).toMatchObject({ phase: 'countdown', away: [] });
    s.clock.advance(COUNTDOWN_MS);
    expect(back.last('prompt')).toMatchObject({ round: 2 });
    s.clock.advance(300);
    await back.answer();
    expect(host.last('score')).toMatchObject({ winner: 'p2' });
  });

  it('issue 17.4: not back within 30 s: forfeited, and a rated loss', async () => {
    const s = setup();
    const users: [LobbyUser, LobbyUser] = [
      { id: 'u1', name: 'Ann', initials: 'AF' },
      { id: 'u2', name: 'Bob', initials: 'BM' },
    ];
    const { host, friend } = await roomMatch(s, users);
    host.session.close();
    s.clock.advance(RECONNECT_MS);
    await flush();
    const results = friend.last('results')!;
    expect(results.outcome).toEqual({ kind: 'forfeit', winner: 'p2', loser: 'p1' });
    expect(results.ratings.p2).toBeGreaterThan(results.ratings.p1!);
    expect((await s.ratings.get('u1')).mu).toBeLessThan(25);
    expect((await s.ratings.get('u2')).mu).toBeGreaterThan(25);
  });

  it('issue 17.5: a stopping server ends its matches cleanly with a message; nothing is rated', async () => {
    const s = setup();
    const users: [LobbyUser, LobbyUser] = [
      { id: 'u1', name: 'Ann', initials: 'AF' },
      { id: 'u2', name: 'Bob', initials: 'BM' },
    ];
    const { host } = await roomMatch(s, users);
    await s.lobby.shutdown();
    expect(host.last('results')).toMatchObject({ outcome: null, ratings: {} });
    expect(s.lobby.matches).toBe(0);
    expect((await s.ratings.get('u1')).mu).toBe(25);
  });

  it('issue 17.3: a pong arriving after the match has ended is ignored, not answered with an error', async () => {
    const s = setup();
    const { host } = await roomMatch(s);
    s.clock.advance(1_000);
    const ping = host.last('ping')!;
    await host.send({ type: 'leave' });
    expect(host.last('results')).toBeDefined();
    await flush();
    await host.send({ type: 'pong', id: ping.id });
    expect(host.last('error')).toBeUndefined();
  });

  it('issue 17.3: the server measures each player’s delay with pings and shows connection quality', async () => {
    const s = setup();
    const { host, friend } = await roomMatch(s);
    // Pings go out every 2 s from the match's start; the countdown took 3 s.
    s.clock.advance(1_000);
    const ping = host.last('ping')!;
    s.clock.advance(40);
    await host.send({ type: 'pong', id: ping.id });
    expect(friend.last('quality')).toEqual({
      type: 'quality',
      players: { p1: 'good', p2: 'unknown' },
    });
    // An invented ping id measures nothing.
    await friend.send({ type: 'pong', id: 999 });
    expect(friend.all('quality')).toHaveLength(1);
  });

  it('issue 17.1: rematch with one click against the bot; against a person when both ask', async () => {
    const s = setup();
    const me = s.client('10.0.0.5');
    await me.send({ type: 'bot', level: 2, bestOf: 3, botLevel: 'beginner', localId: LOCAL_A });
    await me.send({ type: 'ready' });
    await me.send({ type: 'leave' });
    await flush();
    expect(me.last('results')!.outcome).toMatchObject({ kind: 'left' });
    await me.send({ type: 'rematch' });
    expect(me.all('match')).toHaveLength(2);
    expect(me.last('match')).toMatchObject({ level: 2, bestOf: 3 });
    expect(me.last('match')!.players[1]).toMatchObject({ bot: true, name: 'beginner bot' });

    const { host, friend } = await roomMatch(s);
    await host.send({ type: 'leave' });
    await flush();
    await friend.send({ type: 'rematch' });
    expect(host.last('rematchOffer')).toEqual({ type: 'rematchOffer', from: 'p2' });
    expect(host.all('match')).toHaveLength(1);
    await host.send({ type: 'rematch' });
    expect(host.all('match')).toHaveLength(2);
    expect(friend.all('match')).toHaveLength(2);
    // Once the new match has ended, a rematch needs asking again; one who has gone cannot.
    await friend.send({ type: 'leave' });
    await flush();
    host.session.close();
    expect(friend.last('error')!.message).toBe(lobbyMessages.opponentGone);
    await friend.send({ type: 'rematch' });
    expect(friend.last('error')!.message).toBe(lobbyMessages.notNow);
  });
});
