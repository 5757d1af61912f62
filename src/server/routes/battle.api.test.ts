/**
 * Issue 17 over a real websocket (`ws` client against a listening app on port 0, PGlite by
 * default, PostgreSQL under scripts/with-postgres.sh): a full bot match, forged answers refused,
 * a dropped socket rejoining its seat, Origin checked. The countdown and pauses are shortened
 * through the app's build options; nothing here waits on time except the one human-speed pause
 * before an answer, which the judge requires (answers within 100 ms of a prompt are refused).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botAnswer } from '../../music/battle/battleBots.ts';
import type { BattlePrompt } from '../../music/battle/battlePrompt.ts';
import type { BattleServerMessage } from '../../contracts/battle/battleProtocol.ts';
import { sql } from 'drizzle-orm';
import { signIn } from '../auth/testSignIn.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { openBattle, type BattleTestClient } from '../testing/battleClient.ts';

const LOCAL_A = '1b4e28ba-2fa1-4d2b-883f-0016d3cca427';
const LOCAL_B = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b';
/** Past MIN_REACTION_MS plus the answer's own 20 ms trace, with room for a slow machine. */
const HUMAN_PAUSE_MS = 250;

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

describe('issue 17: Battle over a real websocket', () => {
  let t: TestApp;
  let url: string;
  const sockets: BattleTestClient[] = [];
  const open = (options?: Parameters<typeof openBattle>[1]) => {
    const socket = openBattle(url, options);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { battle: { timing: { countdownMs: 50, betweenMs: 50 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await t.close();
  });

  it('issue 17.2/17.3: a full match against the bot; bare claims and unsent prompts are refused', async () => {
    const me = open({ headers: { origin: t.config.siteUrl } });
    await me.next('hello');
    me.send({ type: 'bot', level: 1, bestOf: 3, botLevel: 'pipe-major', localId: LOCAL_A });
    const match = await me.next('match');
    expect(match.players.map((p) => p.bot)).toEqual([false, true]);
    me.send({ type: 'ready' });

    let sent = 0;
    const first = await me.next('prompt', (p) => p.round === 1);
    // A bare 'I played D' with no detector readings scores nothing...
    me.send({ ...answerFor(first, ++sent), trace: [] });
    expect(await me.next('refused')).toEqual({ type: 'refused', reason: 'no valid trace' });
    // ...nor does an answer to a prompt the server never sent.
    const from = me.messages.length;
    me.send({ ...answerFor(first, ++sent), promptId: 'made-up' });
    expect(await me.next('refused', undefined, from)).toEqual({
      type: 'refused',
      reason: 'prompt never sent',
    });

    // Then play every prompt for real until the match ends; the bot plays too.
    let prompt: PromptMessage | null = first;
    while (prompt) {
      await new Promise((resolve) => setTimeout(resolve, HUMAN_PAUSE_MS));
      me.send(answerFor(prompt, ++sent));
      const round: number = prompt.round;
      const next = await Promise.race([
        me.next('prompt', (p) => p.round === round + 1),
        me.next('results'),
      ]);
      prompt = next.type === 'prompt' ? next : null;
    }
    const results = await me.next('results');
    expect(results.outcome?.kind).toBe('win');
    const scores = results.players.map((p) => p.score);
    expect(Math.max(...scores)).toBe(2);
    expect(results.players[0]!.reactionsMs.every((ms) => ms >= 100)).toBe(true);
    expect(me.messages.some((m) => m.type === 'quality')).toBe(true);
  });

  it('issue 17.4: a dropped socket rejoins its seat with the match token; leaving is a loss', async () => {
    const host = open();
    const friend = open();
    await host.next('hello');
    host.send({ type: 'create', level: 1, bestOf: 3, localId: LOCAL_A, initials: 'AF' });
    const { code } = await host.next('waiting');
    friend.send({ type: 'join', code: code!, localId: LOCAL_B });
    const { matchId, token } = await friend.next('match');
    host.send({ type: 'ready' });
    friend.send({ type: 'ready' });
    await friend.next('prompt');

    friend.ws.terminate();
    await host.next('state', (s) => s.away.includes('p2'));
    const back = open();
    back.send({ type: 'rejoin', matchId, token });
    expect(await back.next('state')).toMatchObject({ phase: 'countdown', away: [] });
    await back.next('prompt');

    host.send({ type: 'leave' });
    expect((await back.next('results')).outcome).toEqual({
      kind: 'left',
      winner: 'p2',
      loser: 'p1',
    });
  });

  it('issue 17.6: a foreign Origin is refused; a malformed message is answered naming the field', async () => {
    const evil = open({ headers: { origin: 'https://evil.example' } });
    expect((await evil.closed).code).toBe(1006);
    expect(evil.messages).toEqual([]);

    const me = open();
    await me.next('hello');
    me.send({ type: 'quick', level: 9, localId: LOCAL_A });
    expect((await me.next('error')).message).toMatch(/^level: /);
  });

  it('issue 17.5: a stopping server ends its matches with results before closing the sockets', async () => {
    const other = await createTestApp({}, { battle: { timing: { countdownMs: 50 } } });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const address = other.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const me = openBattle(`http://127.0.0.1:${address.port}`);
    sockets.push(me);
    me.send({ type: 'bot', level: 1, bestOf: 3, botLevel: 'beginner', localId: LOCAL_A });
    await me.next('match');
    me.send({ type: 'ready' });
    await me.next('state', (s) => s.phase === 'countdown');
    await other.close();
    expect((await me.closed).code).toBe(1001);
    const last = me.messages.filter((m) => m.type !== 'ping').at(-1);
    expect(last).toMatchObject({ type: 'results', outcome: null, ratings: {} });
  });

  it('issue 17.2/17.4: signed-in players by session cookie get ratings stored in the database; leaving is a rated loss', async () => {
    const [ann, bob] = [await signIn(t, 'ann@example.org'), await signIn(t, 'bob@example.org')];
    const host = open({ headers: { cookie: ann, origin: t.config.siteUrl } });
    const guest = open({ headers: { cookie: bob, origin: t.config.siteUrl } });
    expect(await host.next('hello')).toEqual({ type: 'hello', signedIn: true });
    host.send({ type: 'create', level: 2, bestOf: 3 });
    const { code } = await host.next('waiting');
    guest.send({ type: 'join', code: code! });
    const match = await guest.next('match');
    expect(match.players.map((p) => p.rating)).toEqual([0, 0]);
    host.send({ type: 'ready' });
    guest.send({ type: 'ready' });
    await host.next('prompt');
    guest.send({ type: 'leave' });
    const results = await host.next('results');
    expect(results.outcome).toEqual({ kind: 'left', winner: 'p1', loser: 'p2' });
    expect(results.ratings.p1).toBeGreaterThan(results.ratings.p2!);
    const rows = await t.database.rows<{
      email: string;
      games: number;
      wins: number;
      shown: number;
    }>(
      sql`select u.email, r.games, r.wins, r.shown from battle_ratings r
          join "user" u on u.id = r.user_id order by u.email`,
    );
    expect(rows).toEqual([
      { email: 'ann@example.org', games: 1, wins: 1, shown: results.ratings.p1 },
      { email: 'bob@example.org', games: 1, wins: 0, shown: results.ratings.p2 },
    ]);
  });
});
