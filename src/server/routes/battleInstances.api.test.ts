/**
 * Issue 17 item 5: two server instances on one database share Battle matches
 * (docs/decisions/028-battle-across-instances.md). Two apps, each listening on its own port,
 * on one test database: on PostgreSQL (scripts/with-postgres.sh) they talk through
 * LISTEN/NOTIFY and the battle_lobby table exactly as two processes would; on PGlite (one
 * process) through the in-memory bus and directory, the same lobby code. Players use the `ws`
 * client over real sockets. The matches' clock is a manual one shared by both apps (only the
 * owner's is ever read for judging), so nothing here waits on time: each step waits for the
 * message that proves the server got the last one, then moves the clock.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { botAnswer } from '../../music/battle/battleBots.ts';
import { COUNTDOWN_MS, LOCKOUT_MS, RECONNECT_MS } from '../../music/battle/battleMatch.ts';
import { MAX_COMPENSATION_MS } from '../../music/battle/judging.ts';
import type { BattlePrompt } from '../../music/battle/battlePrompt.ts';
import type { BattleServerMessage } from '../../contracts/battle/battleProtocol.ts';
import { signIn } from '../auth/testSignIn.ts';
import { memoryBusHub } from '../battle/battleBus.ts';
import { memoryLobbyDirectory } from '../battle/lobbyDirectory.ts';
import { manualBattleClock } from '../battle/manualBattleClock.ts';
import type { Database } from '../db/client.ts';
import { openBattle, type BattleTestClient } from '../testing/battleClient.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { openTestDatabase } from '../testing/testDatabase.ts';

const LOCAL_A = '1b4e28ba-2fa1-4d2b-883f-0016d3cca427';
const LOCAL_B = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b';
const SECRET = 'battle-instances-test-secret-0123456789abcdef';
const BETWEEN_MS = 1_500;
/** A human reaction: past the judge's 100 ms floor plus the answer's own 20 ms trace, after both
 * players' delay compensation (up to 2 × 150 ms here: see below). */
const REACTION_MS = 600;
/*
 * The manual clock moves while pongs are on their way, so the measured delays are whatever the
 * steps were; compensation is capped at MAX_COMPENSATION_MS, so a right answer is decided at
 * most that long after it arrived: each step waits for the verdict, then moves the clock so far.
 */

type PromptMessage = Extract<BattleServerMessage, { type: 'prompt' }>;

function answerFor(p: PromptMessage, clientSentAt: number, pitch = p.target) {
  const prompt: BattlePrompt = { id: p.promptId, level: 1, ...p };
  const a = botAnswer(prompt, pitch, clientSentAt);
  return {
    type: 'answer' as const,
    ...a,
    trace: [...a.trace],
    graces: a.graces.map((g) => ({ ...g, trace: [...g.trace] })),
  };
}

describe('issue 17.5: Battle across two server instances on one database', () => {
  const clock = manualBattleClock(10_000);
  let database: Database;
  let a: TestApp;
  let b: TestApp;
  const urls: Record<'a' | 'b', string> = { a: '', b: '' };
  const sockets: BattleTestClient[] = [];
  const open = (on: 'a' | 'b', cookie?: string) => {
    const socket = openBattle(urls[on], cookie ? { headers: { cookie } } : {});
    sockets.push(socket);
    onTestFailed(() =>
      console.log(on, JSON.stringify(socket.messages.filter((m) => m.type !== 'ping'))),
    );
    return socket;
  };

  async function listen(t: TestApp) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  async function instance(network?: ReturnType<typeof memoryNetwork>) {
    return createTestApp(
      { BETTER_AUTH_SECRET: SECRET },
      {
        battle: {
          clock,
          timing: { betweenMs: BETWEEN_MS },
          // Every test socket comes from 127.0.0.1.
          limits: { maxRoomsPerClient: 50 },
          ...(network ? { network } : {}),
        },
      },
      database,
    );
  }

  // PGlite: one process, so the two apps share an in-memory bus and directory.
  const hub = memoryBusHub();
  const directory = memoryLobbyDirectory();
  const memoryNetwork = () => ({ bus: hub.join(), directory });

  beforeAll(async () => {
    database = await openTestDatabase();
    const postgres = database.kind === 'postgres';
    a = await instance(postgres ? undefined : memoryNetwork());
    b = await instance(postgres ? undefined : memoryNetwork());
    urls.a = await listen(a);
    urls.b = await listen(b);
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await a.close();
    await b.close();
    await database.close();
  });

  /** Both ready; the countdown runs; resolves with each side's first prompt. */
  async function start(p1: BattleTestClient, p2: BattleTestClient) {
    p1.send({ type: 'ready' });
    p2.send({ type: 'ready' });
    await p1.next('state', (s) => s.phase === 'countdown');
    await p2.next('state', (s) => s.phase === 'countdown');
    clock.advance(COUNTDOWN_MS);
    return [await p1.next('prompt'), await p2.next('prompt')] as const;
  }

  it('issue 17.5: a room made on instance A is joined on instance B; a full match over real websockets, both see one result; forged and replayed answers are refused', async () => {
    const host = open('a');
    const guest = open('b');
    host.send({ type: 'create', level: 1, bestOf: 3, localId: LOCAL_A, initials: 'AF' });
    const { code } = await host.next('waiting');
    guest.send({ type: 'join', code: code!, localId: LOCAL_B, initials: 'BM' });
    const [hostMatch, guestMatch] = [await host.next('match'), await guest.next('match')];
    expect(guestMatch).toMatchObject({ you: 'p2', matchId: hostMatch.matchId });
    expect(guestMatch.players.map((p) => p.name)).toEqual(['AF', 'BM']);

    let [prompt] = await start(host, guest);
    let sent = 0;
    // Forged: a bare claim with no detector readings, and an answer to a prompt never sent.
    clock.advance(REACTION_MS);
    guest.send({ ...answerFor(prompt, ++sent), trace: [] });
    expect(await guest.next('refused')).toEqual({ type: 'refused', reason: 'no valid trace' });
    let from = guest.messages.length;
    guest.send({ ...answerFor(prompt, ++sent), promptId: 'made-up' });
    expect(await guest.next('refused', undefined, from)).toMatchObject({
      reason: 'prompt never sent',
    });
    // A wrong note (relayed to A, judged on A's clock) costs a lockout; the same message sent
    // again is a replay, refused.
    const wrong = answerFor(prompt, ++sent, prompt.target === 'D' ? 'E' : 'D');
    guest.send(wrong);
    await host.next('verdict', (v) => v.player === 'p2' && v.verdict === 'wrong');
    from = guest.messages.length;
    guest.send(wrong);
    expect(await guest.next('refused', undefined, from)).toMatchObject({ type: 'refused' });
    // Past the lockout, the right note takes round 1.
    clock.advance(LOCKOUT_MS);
    guest.send(answerFor(prompt, ++sent));
    await host.next('verdict', (v) => v.player === 'p2' && v.verdict === 'right');
    clock.advance(MAX_COMPENSATION_MS);
    expect(await host.next('score')).toMatchObject({ winner: 'p2', scores: { p1: 0, p2: 1 } });

    // Then B wins the next round too: the match is over, and both sides see the same results.
    clock.advance(BETWEEN_MS);
    prompt = await guest.next('prompt', (p) => p.round === 2);
    clock.advance(REACTION_MS);
    guest.send(answerFor(prompt, ++sent));
    await host.next('verdict', (v) => v.player === 'p2' && v.promptId === prompt.promptId);
    clock.advance(MAX_COMPENSATION_MS);
    const [hostResults, guestResults] = [await host.next('results'), await guest.next('results')];
    expect(guestResults).toEqual(hostResults);
    expect(hostResults.outcome).toEqual({ kind: 'win', winner: 'p2' });
    // Reactions as the owner judged them: from the prompt, less both players' compensation.
    const reactions = hostResults.players[1]!.reactionsMs;
    expect(reactions).toHaveLength(2);
    for (const ms of reactions)
      expect(ms).toBeGreaterThanOrEqual(REACTION_MS - 2 * MAX_COMPENSATION_MS);
  });

  it('issue 17.5: quick match pairs signed-in players on different instances; a dropped player reconnects to the other instance within 30 s and carries on (either way round); forfeit after 30 s is a rated loss stored once', async () => {
    const [ann, bob] = [await signIn(a, 'ann@example.org'), await signIn(b, 'bob@example.org')];
    const onA = open('a', ann);
    const onB = open('b', bob);
    expect(await onB.next('hello')).toEqual({ type: 'hello', signedIn: true });
    onA.send({ type: 'quick', level: 2 });
    await onA.next('waiting');
    onB.send({ type: 'quick', level: 2 });
    const [m1, m2] = [await onA.next('match'), await onB.next('match')];
    expect(m2.matchId).toBe(m1.matchId);
    expect([m1.you, m2.you]).toEqual(['p1', 'p2']);
    const [prompt] = await start(onA, onB);

    // Bob's socket on B drops; he comes back on A (another instance) within 30 s.
    onB.ws.terminate();
    await onA.next('state', (s) => s.away.includes('p2'));
    clock.advance(RECONNECT_MS - 1);
    const back = open('a', bob);
    back.send({ type: 'rejoin', matchId: m2.matchId, token: m2.token });
    expect(await back.next('state')).toMatchObject({ phase: 'countdown', away: [] });
    clock.advance(COUNTDOWN_MS);
    const again = await back.next('prompt');
    expect(again.promptId).not.toBe(prompt.promptId);
    clock.advance(REACTION_MS);
    back.send(answerFor(again, 1));
    await onA.next('verdict', (v) => v.player === 'p2');
    clock.advance(MAX_COMPENSATION_MS);
    expect(await onA.next('score', (m) => m.promptId === again.promptId)).toMatchObject({
      winner: 'p2',
    });

    // Ann, on the match's own instance, drops and comes back on B: her rejoin is relayed to A.
    onA.ws.terminate();
    await back.next('state', (s) => s.away.includes('p1'));
    const annBack = open('b', ann);
    annBack.send({ type: 'rejoin', matchId: m1.matchId, token: m1.token });
    expect(await annBack.next('state')).toMatchObject({ phase: 'countdown', away: [] });
    clock.advance(COUNTDOWN_MS);
    const third = await annBack.next('prompt');
    clock.advance(REACTION_MS);
    annBack.send(answerFor(third, 1));
    await back.next('verdict', (v) => v.player === 'p1');
    clock.advance(MAX_COMPENSATION_MS);
    expect(await back.next('score', (m) => m.promptId === third.promptId)).toMatchObject({
      winner: 'p1',
      scores: { p1: 1, p2: 1 },
    });

    // Then Bob drops again and stays away: after 30 s the match is forfeited, a rated loss.
    back.ws.terminate();
    await annBack.next('state', (s) => s.away.includes('p2'));
    clock.advance(RECONNECT_MS);
    const results = await annBack.next('results');
    expect(results.outcome).toEqual({ kind: 'forfeit', winner: 'p1', loser: 'p2' });
    expect(results.ratings.p1).toBeGreaterThan(results.ratings.p2!);
    const rows = await database.rows<{ email: string; games: number; wins: number }>(
      sql`select u.email, r.games, r.wins from battle_ratings r
          join "user" u on u.id = r.user_id order by u.email`,
    );
    expect(rows).toEqual([
      { email: 'ann@example.org', games: 1, wins: 1 },
      { email: 'bob@example.org', games: 1, wins: 0 },
    ]);
  });

  it('issue 17.5: an instance that stops ends its matches with a message to the other instance’s players, who play on where they are', async () => {
    const c = await instance(database.kind === 'postgres' ? undefined : memoryNetwork());
    const urlC = await listen(c);
    const host = openBattle(urlC);
    sockets.push(host);
    const guest = open('b');
    host.send({ type: 'create', level: 1, bestOf: 3, localId: LOCAL_A });
    const { code } = await host.next('waiting');
    guest.send({ type: 'join', code: code!, localId: LOCAL_B });
    const first = await guest.next('match');
    await start(host, guest);
    await c.close();
    expect(await guest.next('results')).toMatchObject({ outcome: null, ratings: {} });
    expect((await host.closed).code).toBe(1001);
    // The guest's socket, on B, is still open and B takes it back: a new game starts there.
    guest.send({ type: 'bot', level: 1, bestOf: 3, botLevel: 'beginner', localId: LOCAL_B });
    const next = await guest.next('match', (m) => m.players[1]!.bot);
    expect(next.matchId.split('.')[0]).not.toBe(first.matchId.split('.')[0]);
  });
});
