import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock, type FakeClock } from '../../../audio/testing/fakeClock.ts';
import { createKeyboardChanter, type KeyEventLike } from '../../../audio/keyboardChanter.ts';
import { createNoteEventController } from '../../../audio/noteEvents/noteEventController.ts';
import {
  answerMatches,
  checkAnswer,
  type BattleAnswer,
} from '../../../music/battle/battleAnswer.ts';
import { STANDARD_CHANTER } from '../../../music/chanter.ts';
import type { BattleServerMessage } from '../../../contracts/battle/battleProtocol.ts';
import type { BattleLevel } from '../../../music/battle/battleLevels.ts';
import type { Pitch } from '../../../music/notes.ts';
import {
  createBattleClient,
  SILENT_MS,
  type BattleClient,
  type SocketLike,
} from './battleClient.ts';

const LOCAL_ID = '0b6f3c1e-8d5a-4c7e-9f2a-1b3c5d7e9f10';

interface FakeSocket extends SocketLike {
  sent: Record<string, unknown>[];
  closed: boolean;
  /** The server says something. */
  hear(message: BattleServerMessage | string): void;
  /** The network drops it. */
  drop(): void;
}

function fakeSocket(): FakeSocket {
  const s: FakeSocket = {
    sent: [],
    closed: false,
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
    send(data) {
      s.sent.push(JSON.parse(data) as Record<string, unknown>);
    },
    close() {
      s.closed = true;
    },
    hear(message) {
      s.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
    },
    drop() {
      s.closed = true;
      s.onclose?.({});
    },
  };
  return s;
}

const match = (you = 'p1'): BattleServerMessage => ({
  type: 'match',
  matchId: 'm1',
  token: 'seat-token',
  you,
  level: 1,
  bestOf: 3,
  players: [
    { id: 'p1', name: 'AB', bot: false, rating: null },
    { id: 'p2', name: 'CD', bot: false, rating: null },
  ],
});

let clients: BattleClient[] = [];
afterEach(() => {
  for (const c of clients) c.dispose();
  clients = [];
});

function setup() {
  const clock = fakeClock(1_000);
  const sockets: FakeSocket[] = [];
  const client = createBattleClient({
    openSocket: () => {
      const s = fakeSocket();
      sockets.push(s);
      return s;
    },
    clock,
    identity: () => ({ localId: LOCAL_ID, initials: 'a.b' }),
  });
  clients.push(client);
  return { clock, sockets, client, last: () => sockets.at(-1)! };
}

/** A client in round 1 of a match, prompt 'q1' asking for `target`. */
function inRound(target: Pitch = 'D', graces: Pitch[] = []) {
  const t = setup();
  t.client.start({ type: 'quick', level: 1 as BattleLevel });
  const s = t.last();
  s.hear({ type: 'hello', signedIn: false });
  s.hear(match());
  s.hear({ type: 'state', phase: 'round', inMs: null, round: 1, scores: {}, away: [] });
  s.hear({
    type: 'prompt',
    promptId: 'q1',
    kind: graces.length ? 'embellishment' : 'name',
    target,
    graces,
    label: target,
    staff: 'd/5',
    round: 1,
  });
  return t;
}

describe('battle client (issue 17)', () => {
  it('issue 17.2: joins after the hello with its local id and initials the server accepts, and is ready for the match', () => {
    const { client, last } = setup();
    client.start({ type: 'create', level: 2 as BattleLevel, bestOf: 5 });
    expect(client.getSnapshot().connection).toBe('connecting');
    const s = last();
    expect(s.sent).toEqual([]);
    s.hear({ type: 'hello', signedIn: false });
    expect(s.sent).toEqual([
      { type: 'create', level: 2, bestOf: 5, localId: LOCAL_ID, initials: 'ab' },
    ]);
    s.hear({ type: 'waiting', mode: 'room', code: 'ABCDE', waitedMs: 0 });
    expect(client.getSnapshot().lobby).toMatchObject({ mode: 'room', code: 'ABCDE' });
    s.hear(match());
    expect(s.sent.at(-1)).toEqual({ type: 'ready' });
    expect(client.getSnapshot().match?.you).toBe('p1');
  });

  it("issue 17.3: answers the server's ping with its id and measures its own round trip", () => {
    const { client, clock, last } = setup();
    client.start({ type: 'quick', level: 1 as BattleLevel });
    const s = last();
    s.hear({ type: 'hello', signedIn: false });
    s.hear({ type: 'ping', id: 7 });
    expect(s.sent.at(-1)).toEqual({ type: 'pong', id: 7 });
    clock.advance(2_000);
    const ping = s.sent.at(-1)!;
    expect(ping.type).toBe('ping');
    clock.advance(40);
    s.hear({ type: 'pong', id: ping.id as number });
    expect(client.getSnapshot().roundTripMs).toBe(40);
  });

  it('issue 17.3: refuses malformed server messages without acting on them', () => {
    const { client, last } = inRound();
    const s = last();
    const before = client.getSnapshot();
    s.hear('not json');
    s.hear(JSON.stringify({ type: 'score', promptId: 'q1', winner: 'p2' })); // no scores
    s.hear(JSON.stringify({ type: 'prompt', promptId: 'q2', kind: 'name', target: 'Z' }));
    s.hear(JSON.stringify({ type: 'results', outcome: { kind: 'win' }, players: [] }));
    const after = client.getSnapshot();
    expect(after.ignoredMessages).toBe(4);
    expect({ ...after, ignoredMessages: 0 }).toEqual({ ...before, ignoredMessages: 0 });
  });

  it('issue 17.4: after a dropped socket it rejoins with the match token and the match carries on', () => {
    const { client, clock, sockets, last } = inRound();
    last().drop();
    expect(client.getSnapshot().connection).toBe('reconnecting');
    expect(client.getSnapshot().match).not.toBeNull();
    clock.advance(1_000);
    expect(sockets).toHaveLength(2);
    const s = last();
    s.hear({ type: 'hello', signedIn: false });
    expect(s.sent).toEqual([{ type: 'rejoin', matchId: 'm1', token: 'seat-token' }]);
    s.hear({ type: 'state', phase: 'countdown', inMs: 3_000, round: 1, scores: {}, away: [] });
    expect(client.getSnapshot().connection).toBe('open');
    expect(client.getSnapshot().match?.phase).toBe('countdown');
    expect(client.getSnapshot().match?.phaseEndsAt).toBe(clock.now() + 3_000);
  });

  it('issue 17.4: a silent socket counts as dropped; after 30 s of failed rejoins it gives up', () => {
    const { client, clock, sockets } = inRound();
    clock.advance(SILENT_MS + 2_000);
    expect(sockets[0]!.closed).toBe(true);
    expect(client.getSnapshot().connection).toBe('reconnecting');
    // Every new socket fails at once (the server is unreachable).
    for (let i = 0; i < 40 && client.getSnapshot().connection === 'reconnecting'; i++) {
      clock.advance(1_000);
      sockets.at(-1)!.drop();
    }
    expect(client.getSnapshot().connection).toBe('lost');
    expect(client.getSnapshot().error).toMatch(/did not come back/);
  });

  it('issue 17.4: a refused rejoin ends the match for this player', () => {
    const { client, clock, last } = inRound();
    last().drop();
    clock.advance(1_000);
    last().hear({ type: 'hello', signedIn: false });
    last().hear({ type: 'error', message: 'That match is over or the seat is taken.' });
    expect(client.getSnapshot().connection).toBe('lost');
    expect(client.getSnapshot().error).toBe('That match is over or the seat is taken.');
  });
});

/** A key press on a fake window through the real keyboard chanter and note event controller. */
function keyboardInto(client: BattleClient, clock: FakeClock) {
  const listeners = new Map<string, (e: KeyEventLike) => void>();
  const keyboard = createKeyboardChanter({
    target: {
      addEventListener: (type: string, l: (e: KeyEventLike) => void) => listeners.set(type, l),
      removeEventListener: (type: string) => listeners.delete(type),
    } as never,
    clock,
  });
  const controller = createNoteEventController();
  controller.connect(keyboard);
  client.connectNotes(controller);
  void keyboard.start();
  const event = (key: string): KeyEventLike => ({
    key,
    code: `Key${key.toUpperCase()}`,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    target: null,
  });
  return (key: string, holdMs: number) => {
    listeners.get('keydown')!(event(key));
    clock.advance(holdMs);
    listeners.get('keyup')!(event(key));
  };
}

const answersIn = (sent: Record<string, unknown>[]) =>
  sent.filter((m) => m.type === 'answer') as unknown as BattleAnswer[];

describe('battle answers from the keyboard chanter (issue 17.3)', () => {
  it('issue 17.3: a key held for a note becomes one answer whose trace the server accepts', () => {
    const { client, clock, last } = inRound('D');
    const press = keyboardInto(client, clock);
    press('d', 200);
    const answers = answersIn(last().sent);
    expect(answers).toHaveLength(1);
    const [answer] = answers;
    expect(answer).toMatchObject({ promptId: 'q1', pitch: 'D', graces: [] });
    expect(checkAnswer(answer!, STANDARD_CHANTER)).toBeNull();
    expect(answer!.trace.length).toBeGreaterThanOrEqual(2);
  });

  it('issue 17.3: a bare note with one reading (a 10 ms crossing noise) is not sent', () => {
    const { client, clock, last } = inRound('D');
    const press = keyboardInto(client, clock);
    press('e', 10);
    expect(answersIn(last().sent)).toEqual([]);
  });

  it('issue 17.1: an embellishment prompt is answered with its grace notes first, and the server accepts it', () => {
    const { client, clock, last } = inRound('D', ['HG', 'E']);
    const press = keyboardInto(client, clock);
    press('G', 120); // High G grace (Shift+G)
    press('e', 90);
    press('d', 100);
    const answers = answersIn(last().sent);
    expect(answers).toHaveLength(1);
    const answer = answers[0]!;
    expect(answer.graces.map((g) => g.pitch)).toEqual(['HG', 'E']);
    expect(checkAnswer(answer, STANDARD_CHANTER)).toBeNull();
    const prompt = {
      id: 'q1',
      level: 5,
      kind: 'embellishment',
      target: 'D',
      graces: ['HG', 'E'],
      label: 'x',
      staff: 'd/5',
    } as const;
    expect(answerMatches(answer, prompt)).toBe(true);
  });

  it('issue 17.1: a birl (Low G, Low A, Low G, then Low A) ends on its melody note, not a second start of the movement', () => {
    const { client, clock, last } = inRound('LA', ['LG', 'LA', 'LG']);
    const press = keyboardInto(client, clock);
    for (const key of ['g', 'a', 'g']) press(key, 70);
    expect(answersIn(last().sent)).toEqual([]);
    press('a', 100);
    const [answer] = answersIn(last().sent);
    expect(answer?.pitch).toBe('LA');
    expect(answer?.graces.map((g) => g.pitch)).toEqual(['LG', 'LA', 'LG']);
    expect(checkAnswer(answer!, STANDARD_CHANTER)).toBeNull();
  });

  it('issue 17.1: nothing is answered after a right verdict, and a wrong one shows the lockout', () => {
    const { client, clock, last } = inRound('D');
    const press = keyboardInto(client, clock);
    press('e', 100);
    last().hear({
      type: 'verdict',
      player: 'p1',
      promptId: 'q1',
      verdict: 'wrong',
      reactionMs: 900,
    });
    expect(client.getSnapshot().match?.lockedUntil).toBe(clock.now() + 1_000);
    clock.advance(1_100);
    press('d', 100);
    last().hear({
      type: 'verdict',
      player: 'p1',
      promptId: 'q1',
      verdict: 'right',
      reactionMs: 2_000,
    });
    press('c', 100);
    expect(answersIn(last().sent).map((a) => a.pitch)).toEqual(['E', 'D']);
  });
});
