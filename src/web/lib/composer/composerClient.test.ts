import { describe, expect, it } from 'vitest';
import { composeTune } from '../../../music/composer/composeTune.ts';
import { createComposerClient } from './composerClient.ts';
import { parseComposerRequest, parseComposerResponse } from './composerMessages.ts';
import { fakeComposerWorker } from './fakeComposerWorker.ts';
import { handleComposerRequest, timingOf } from './handleComposerRequest.ts';

const march = { form: '2/4 march', seed: 42, parts: 2, barsPerPart: 4 } as const;

describe('the composer worker protocol (issue 19.2)', () => {
  it('issue 19.2: requests are checked — a bad form, seed, motif note or edit is refused', () => {
    expect(parseComposerRequest({ id: 1, type: 'compose', options: march })).not.toBeNull();
    expect(
      parseComposerRequest({ id: 1, type: 'compose', options: { ...march, form: 'waltz' } }),
    ).toBeNull();
    expect(
      parseComposerRequest({ id: 1, type: 'compose', options: { ...march, seed: -1 } }),
    ).toBeNull();
    expect(
      parseComposerRequest({ id: 1, type: 'compose', options: { ...march, seed: 2 ** 32 } }),
    ).toBeNull();
    expect(
      parseComposerRequest({ id: 1, type: 'compose', options: { ...march, motif: ['LA', 'X'] } }),
    ).toBeNull();
    expect(parseComposerRequest({ id: 1, type: 'time', options: march, runs: 0 })).toBeNull();
    expect(parseComposerRequest({ id: 1, type: 'time', options: march, runs: 5000 })).toBeNull();
    const composition = composeTune(march);
    expect(
      parseComposerRequest({
        id: 2,
        type: 'edit',
        composition,
        edit: { kind: 'regenerateBar', part: 0, bar: 1 },
      }),
    ).not.toBeNull();
    expect(
      parseComposerRequest({
        id: 2,
        type: 'edit',
        composition,
        edit: { kind: 'explode', part: 0 },
      }),
    ).toBeNull();
    expect(parseComposerRequest('compose')).toBeNull();
    expect(
      parseComposerResponse({ id: 3, type: 'timing', runs: 2, medianMs: 'fast', p95Ms: 1 }),
    ).toBeNull();
  });

  it('issue 19.2: the worker composes exactly what composeTune does, and edits keep the rest', async () => {
    const client = createComposerClient(() => fakeComposerWorker());
    const { composition } = await client.compose(march);
    expect(composition).toEqual(composeTune(march));
    const edited = await client.edit(composition, { kind: 'regeneratePart', part: 1 });
    expect(edited.composition.parts[0]).toEqual(composition.parts[0]);
    expect(edited.composition.parts[1]).not.toEqual(composition.parts[1]);
    client.dispose();
  });

  it('issue 19.2: answers find their own question when several are in flight', async () => {
    const client = createComposerClient(() => fakeComposerWorker());
    const [a, b] = await Promise.all([
      client.compose({ ...march, seed: 1 }),
      client.compose({ ...march, seed: 2 }),
    ]);
    expect(a.composition.options.seed).toBe(1);
    expect(b.composition.options.seed).toBe(2);
  });

  it('issue 19.2: an error in the worker rejects the call with its message', async () => {
    const client = createComposerClient(() => fakeComposerWorker());
    const { composition } = await client.compose(march);
    await expect(
      client.edit(composition, { kind: 'editNote', part: 0, bar: 0, index: 99, pitch: 'D' }),
    ).rejects.toThrow(/no note 99/);
  });

  it('issue 19.3: timing composes N tunes and reports the median and p95 (fake clock)', async () => {
    let t = 0;
    // Each run takes 1 ms more than the one before: 1…20 ms.
    let calls = 0;
    const now = () => {
      calls += 1;
      if (calls % 2 === 0) t += calls / 2;
      return t;
    };
    const answer = handleComposerRequest({ id: 9, type: 'time', options: march, runs: 20 }, now);
    expect(answer).toEqual({ id: 9, type: 'timing', runs: 20, medianMs: 10.5, p95Ms: 19 });
    expect(timingOf([3, 1, 2])).toEqual({ runs: 3, medianMs: 2, p95Ms: 3 });
    const client = createComposerClient(() => fakeComposerWorker());
    expect((await client.time(march, 3)).runs).toBe(3);
  });
});
