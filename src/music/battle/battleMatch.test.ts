import { describe, expect, it } from 'vitest';
import type { Pitch } from '../notes.ts';
import type { BattleAnswer } from './battleAnswer.ts';
import { botAnswer } from './battleBots.ts';
import { battleLevels } from './battleLevels.ts';
import {
  BETWEEN_MS,
  COUNTDOWN_MS,
  createMatch,
  LOCKOUT_MS,
  MAX_ANSWERS_PER_PROMPT,
  nextWakeAt,
  RECONNECT_MS,
  reduceMatch,
  type MatchEvent,
  type MatchHappening,
  type MatchState,
} from './battleMatch.ts';

/** A two-player match driven by hand: every call passes the server clock in ms. */
function harness(bestOf = 3) {
  let state: MatchState = createMatch({
    level: 1,
    bestOf,
    seed: 42,
    players: [{ id: 'ann' }, { id: 'bob' }],
  });
  let ids = 0;
  let sent = 0;
  const log: MatchHappening[] = [];
  const send = (e: MatchEvent) => {
    const step = reduceMatch(state, e);
    state = step.state;
    log.push(...step.happened);
    return step.happened;
  };
  const h = {
    get state() {
      return state;
    },
    log,
    send,
    tick: (now: number) => send({ type: 'tick', now, promptId: `prompt-${++ids}` }),
    /** Both ready at `now`, then the countdown runs out: round 1 is on at now + 3 s. */
    start(now = 0) {
      send({ type: 'ready', player: 'ann', now });
      send({ type: 'ready', player: 'bob', now });
      h.tick(now + COUNTDOWN_MS);
      return now + COUNTDOWN_MS;
    },
    prompt: () => state.prompt!,
    answer(player: string, now: number, pitch?: Pitch, change: Partial<BattleAnswer> = {}) {
      const prompt = state.prompt ?? state.players[0]!.rounds.at(-1)!.prompt;
      const answer = { ...botAnswer(prompt, pitch ?? prompt.target, ++sent), ...change };
      return send({ type: 'answer', player, now, answer });
    },
    score: () => Object.fromEntries(state.players.map((p) => [p.id, p.score])),
  };
  return h;
}

const wrongFor = (p: Pitch): Pitch => (p === 'D' ? 'E' : 'D');

describe('issue 17.3: the match state machine', () => {
  it('issue 17.3: waiting → countdown when both are ready → round with a one-time prompt', () => {
    const h = harness();
    expect(h.state.phase).toBe('waiting');
    h.send({ type: 'ready', player: 'ann', now: 0 });
    expect(h.state.phase).toBe('waiting');
    expect(nextWakeAt(h.state)).toBeNull();
    h.send({ type: 'ready', player: 'bob', now: 500 });
    expect(h.state.phase).toBe('countdown');
    expect(nextWakeAt(h.state)).toBe(500 + COUNTDOWN_MS);
    expect(h.tick(3_499)).toEqual([]);
    const happened = h.tick(3_500);
    expect(h.state.phase).toBe('round');
    expect(happened).toContainEqual({ type: 'prompt', prompt: h.prompt() });
    expect(h.prompt().id).toBe('prompt-2');
    expect(nextWakeAt(h.state)).toBe(3_500 + battleLevels[1].roundTimeoutMs);
  });

  it('issue 17.1: the first right answer takes the point; both see the verdict and the score', () => {
    const h = harness();
    const t = h.start();
    expect(h.answer('ann', t + 900)).toContainEqual({
      type: 'verdict',
      player: 'ann',
      verdict: 'right',
      promptId: 'prompt-1',
      reactionMs: 900,
    });
    // No ping measured for bob: no one could beat ann, so the point is hers at once.
    expect(h.state.phase).toBe('between');
    expect(h.score()).toEqual({ ann: 1, bob: 0 });
    expect(h.log).toContainEqual({
      type: 'point',
      winner: 'ann',
      promptId: 'prompt-1',
      scores: { ann: 1, bob: 0 },
    });
    // Bob's answer, sent before he heard, arrives after the round closed: late, not refused.
    expect(h.answer('bob', t + 950)).toEqual([
      { type: 'verdict', player: 'bob', verdict: 'late', promptId: 'prompt-1', reactionMs: null },
    ]);
    h.tick(t + 900 + BETWEEN_MS);
    expect(h.state.phase).toBe('round');
    expect(h.state.round).toBe(2);
  });

  it('issue 17.3: a slower connection is credited up to 150 ms, and the point waits for it', () => {
    const h = harness();
    h.send({ type: 'roundTrip', player: 'bob', ms: 200 }); // bob: 100 ms each way
    h.send({ type: 'roundTrip', player: 'ann', ms: 20 }); // ann: 10 ms each way
    const t = h.start();
    // Ann's answer arrives at +800: she played at +790.
    h.answer('ann', t + 800);
    expect(h.state.phase).toBe('round');
    expect(h.state.decideAt).toBe(t + 790 + 100);
    // Bob's arrives 60 ms later, but he played at +760: he was first.
    h.answer('bob', t + 860);
    expect(h.state.phase).toBe('between');
    expect(h.score()).toEqual({ ann: 0, bob: 1 });
    expect(h.state.players.find((p) => p.id === 'bob')!.rounds[0]!.reactionMs).toBe(660);
  });

  it('issue 17.3: when no one can still beat the leader, the point is decided at decideAt', () => {
    const h = harness();
    h.send({ type: 'roundTrip', player: 'bob', ms: 1_000 }); // capped at 150 each way
    const t = h.start();
    h.answer('ann', t + 800);
    expect(nextWakeAt(h.state)).toBe(t + 950);
    h.tick(t + 949);
    expect(h.state.phase).toBe('round');
    h.tick(t + 950);
    expect(h.score()).toEqual({ ann: 1, bob: 0 });
  });

  it('issue 17.1: a wrong note costs a lockout; answers inside it count for nothing', () => {
    const h = harness();
    const t = h.start();
    const wrong = wrongFor(h.prompt().target);
    expect(h.answer('ann', t + 500, wrong)).toContainEqual(
      expect.objectContaining({ verdict: 'wrong', player: 'ann' }),
    );
    expect(h.log).toContainEqual({ type: 'played', player: 'ann', pitch: wrong });
    expect(h.answer('ann', t + 500 + LOCKOUT_MS - 1)).toContainEqual(
      expect.objectContaining({ verdict: 'locked' }),
    );
    expect(h.score()).toEqual({ ann: 0, bob: 0 });
    h.answer('ann', t + 500 + LOCKOUT_MS);
    expect(h.score()).toEqual({ ann: 1, bob: 0 });
    expect(h.state.players[0]!.rounds[0]).toMatchObject({ wrongNotes: 1, won: true });
  });

  it('issue 17.1: best of 3 ends at 2 points; a round nobody wins is void', () => {
    const h = harness(3);
    let t = h.start();
    // Round 1 times out: no point.
    h.tick(t + battleLevels[1].roundTimeoutMs);
    expect(h.log).toContainEqual(
      expect.objectContaining({ type: 'point', winner: null, promptId: 'prompt-1' }),
    );
    expect(h.state.phase).toBe('between');
    t += battleLevels[1].roundTimeoutMs + BETWEEN_MS;
    h.tick(t);
    h.answer('bob', t + 700);
    t += 700 + BETWEEN_MS;
    h.tick(t);
    h.answer('bob', t + 650);
    expect(h.state.phase).toBe('finished');
    expect(h.state.outcome).toEqual({ kind: 'win', winner: 'bob' });
    expect(nextWakeAt(h.state)).toBeNull();
    // Nothing moves a finished match.
    expect(h.tick(t + 10_000)).toEqual([]);
  });

  it('issue 17.1: after 2 × bestOf rounds the higher score wins, equal scores draw', () => {
    const h = harness(1);
    let t = h.start();
    h.tick(t + battleLevels[1].roundTimeoutMs);
    t += battleLevels[1].roundTimeoutMs + BETWEEN_MS;
    h.tick(t);
    h.tick(t + battleLevels[1].roundTimeoutMs);
    expect(h.state.round).toBe(2);
    expect(h.state.outcome).toEqual({ kind: 'draw' });
  });
});

describe('issue 17.3: refused answers', () => {
  it('issue 17.3: an answer to a prompt never sent is refused', () => {
    const h = harness();
    const t = h.start();
    expect(h.answer('ann', t + 900, undefined, { promptId: 'prompt-9' })).toEqual([
      { type: 'refused', player: 'ann', reason: 'prompt never sent' },
    ]);
    expect(h.score()).toEqual({ ann: 0, bob: 0 });
  });

  it('issue 17.3: a replayed prompt id or message is refused', () => {
    const h = harness();
    h.send({ type: 'roundTrip', player: 'bob', ms: 300 });
    const t = h.start();
    h.answer('ann', t + 900);
    expect(h.state.phase).toBe('round'); // waiting on bob's 150 ms
    expect(h.answer('ann', t + 910)).toEqual([
      { type: 'refused', player: 'ann', reason: 'replayed' },
    ]);
    // The very same message again (same clientSentAt) is a replay even after a wrong note.
    const wrong = wrongFor(h.prompt().target);
    h.answer('bob', t + 920, wrong, { clientSentAt: 5_000 });
    expect(h.answer('bob', t + 1_000, undefined, { clientSentAt: 5_000 })).toEqual([
      { type: 'refused', player: 'bob', reason: 'replayed' },
    ]);
  });

  it('issue 17.3: a bare claim without a trace, or one showing another note, scores nothing', () => {
    const h = harness();
    const t = h.start();
    expect(h.answer('ann', t + 900, undefined, { trace: [] })).toEqual([
      { type: 'refused', player: 'ann', reason: 'no valid trace' },
    ]);
    const other = botAnswer(h.prompt(), wrongFor(h.prompt().target), 0).trace;
    expect(h.answer('ann', t + 950, undefined, { trace: other })).toEqual([
      { type: 'refused', player: 'ann', reason: 'no valid trace' },
    ]);
    // Refusals cost no lockout: a real note straight after counts.
    h.answer('ann', t + 960);
    expect(h.score()).toEqual({ ann: 1, bob: 0 });
  });

  it('issue 17.3: an answer faster than a human could react after the prompt arrived is refused', () => {
    const h = harness();
    h.send({ type: 'roundTrip', player: 'ann', ms: 100 }); // 50 ms each way
    const t = h.start();
    // Arrived 210 ms after sending: prompt reached ann at +50, answer left at +160 → 110 ms,
    // but the answer claims 20 ms of playing: 110 < 100 + 20.
    expect(h.answer('ann', t + 210)).toEqual([
      { type: 'refused', player: 'ann', reason: 'impossible timing' },
    ]);
    h.answer('ann', t + 230);
    expect(h.score()).toEqual({ ann: 1, bob: 0 });
  });

  it('issue 17.3: answers per prompt are bounded', () => {
    const h = harness();
    const t = h.start();
    const wrong = wrongFor(h.prompt().target);
    // Answers inside the lockout count too: a flood of notes is bounded however it is timed.
    for (let i = 0; i < MAX_ANSWERS_PER_PROMPT; i++) h.answer('ann', t + 500 + i * 100, wrong);
    expect(h.answer('ann', t + 500 + 8 * 100)).toEqual([
      { type: 'refused', player: 'ann', reason: 'too many answers' },
    ]);
  });
});

describe('issue 17.4: dropped connections and leaving', () => {
  it('issue 17.4: a drop holds the match and voids the round; back within 30 s it carries on', () => {
    const h = harness();
    const t = h.start();
    h.answer('ann', t + 400, wrongFor(h.prompt().target));
    h.send({ type: 'drop', player: 'bob', now: t + 500 });
    expect(h.state.phase).toBe('between');
    expect(h.state.prompt).toBeNull();
    expect(nextWakeAt(h.state)).toBe(t + 500 + RECONNECT_MS);
    // No new round while bob is away, however long the ticks run.
    h.tick(t + 20_000);
    expect(h.state.phase).toBe('between');
    h.send({ type: 'rejoin', player: 'bob', now: t + 500 + RECONNECT_MS - 1 });
    expect(h.state.phase).toBe('countdown');
    h.tick(t + 500 + RECONNECT_MS - 1 + COUNTDOWN_MS);
    expect(h.state.phase).toBe('round');
    expect(h.state.round).toBe(2);
    expect(h.score()).toEqual({ ann: 0, bob: 0 });
  });

  it('issue 17.4: not back within 30 s: the match is forfeited', () => {
    const h = harness();
    const t = h.start();
    h.answer('ann', t + 700);
    h.send({ type: 'drop', player: 'ann', now: t + 1_000 });
    h.tick(t + 1_000 + RECONNECT_MS - 1);
    expect(h.state.phase).toBe('between');
    h.tick(t + 1_000 + RECONNECT_MS);
    expect(h.state.phase).toBe('finished');
    expect(h.state.outcome).toEqual({ kind: 'forfeit', winner: 'bob', loser: 'ann' });
    // Too late to come back.
    h.send({ type: 'rejoin', player: 'ann', now: t + 1_000 + RECONNECT_MS + 1 });
    expect(h.state.phase).toBe('finished');
  });

  it('issue 17.4: both gone for good abandons the match; leaving mid-match is a loss', () => {
    const gone = harness();
    const t = gone.start();
    gone.send({ type: 'drop', player: 'ann', now: t + 100 });
    gone.send({ type: 'drop', player: 'bob', now: t + 200 });
    gone.tick(t + 100 + RECONNECT_MS);
    expect(gone.state.phase).toBe('abandoned');
    expect(gone.state.outcome).toBeNull();

    const left = harness();
    const u = left.start();
    left.answer('ann', u + 600);
    left.send({ type: 'leave', player: 'ann', now: u + 700 });
    expect(left.state.outcome).toEqual({ kind: 'left', winner: 'bob', loser: 'ann' });
  });

  it('issue 17.4: leaving or dropping before the start abandons; a server shutdown abandons', () => {
    const early = harness();
    early.send({ type: 'ready', player: 'ann', now: 0 });
    early.send({ type: 'leave', player: 'bob', now: 10 });
    expect(early.state.phase).toBe('abandoned');
    expect(early.state.outcome).toBeNull();

    const dropped = harness();
    dropped.send({ type: 'drop', player: 'bob', now: 0 });
    dropped.tick(RECONNECT_MS);
    expect(dropped.state.phase).toBe('abandoned');

    const shut = harness();
    const t = shut.start();
    expect(shut.send({ type: 'shutdown', now: t + 10 })).toContainEqual({
      type: 'finished',
      outcome: null,
    });
    expect(shut.state.phase).toBe('abandoned');
  });
});
