import { describe, expect, it } from 'vitest';
import { botAnswer } from './battleBots.ts';
import {
  COUNTDOWN_MS,
  createMatch,
  LOCKOUT_MS,
  reduceMatch,
  type MatchEvent,
} from './battleMatch.ts';
import { BETWEEN_MS } from './battleMatch.ts';
import { matchResults } from './battleResults.ts';

describe('issue 17.1: results per player', () => {
  it('issue 17.1: reaction times, accuracy and per-note figures from the rounds played', () => {
    let state = createMatch({ level: 1, bestOf: 3, seed: 3, players: [{ id: 'a' }, { id: 'b' }] });
    let n = 0;
    const send = (e: MatchEvent) => (state = reduceMatch(state, e).state);
    send({ type: 'ready', player: 'a', now: 0 });
    send({ type: 'ready', player: 'b', now: 0 });
    let t = COUNTDOWN_MS;
    send({ type: 'tick', now: t, promptId: 'r1' });
    const first = state.prompt!;
    const wrong = first.target === 'C' ? 'D' : 'C';
    send({ type: 'answer', player: 'b', now: t + 300, answer: botAnswer(first, wrong, ++n) });
    send({
      type: 'answer',
      player: 'a',
      now: t + 800,
      answer: botAnswer(first, first.target, ++n),
    });
    t += 800 + BETWEEN_MS;
    send({ type: 'tick', now: t, promptId: 'r2' });
    const second = state.prompt!;
    send({
      type: 'answer',
      player: 'a',
      now: t + 600,
      answer: botAnswer(second, second.target, ++n),
    });
    expect(state.phase).toBe('finished');

    const [a, b] = matchResults(state);
    expect(a).toMatchObject({
      player: 'a',
      score: 2,
      pointsWon: 2,
      reactionsMs: [800, 600],
      meanReactionMs: 700,
      bestReactionMs: 600,
      accuracy: 1,
    });
    expect(a!.perNote[first.target]).toEqual({
      asked: 1,
      right: 1,
      wrongNotes: 0,
      meanReactionMs: 800,
    });
    expect(b).toMatchObject({ score: 0, reactionsMs: [], meanReactionMs: null, accuracy: 0 });
    expect(b!.perNote[first.target]).toMatchObject({ asked: 1, right: 0, wrongNotes: 1 });
    expect(LOCKOUT_MS).toBeGreaterThan(0);
  });
});
