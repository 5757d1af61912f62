import { describe, expect, it } from 'vitest';
import { createTurnQueue } from './takeTurns.ts';

describe('issue 21.3: widgets take turns, one per task', () => {
  it('grants turns in order, each after the previous one is done and a pause', async () => {
    const log: string[] = [];
    const queue = createTurnQueue(async () => {
      log.push('pause');
    });
    const a = queue.take().then((done) => {
      log.push('a');
      return done;
    });
    const b = queue.take().then((done) => {
      log.push('b');
      done();
    });
    const doneA = await a;
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(['pause', 'a']);
    doneA();
    await b;
    expect(log).toEqual(['pause', 'a', 'pause', 'b']);
  });

  it('an abandoned turn does not hold up the next', async () => {
    const queue = createTurnQueue(async () => {});
    const controller = new AbortController();
    void queue.take(controller.signal);
    let second = false;
    const next = queue.take().then(() => {
      second = true;
    });
    controller.abort();
    await next;
    expect(second).toBe(true);
  });
});
