import { describe, expect, it, vi } from 'vitest';
import type * as Zod from 'zod';

const built = vi.hoisted(() => ({ objects: 0 }));
vi.mock('zod', async (importOriginal) => {
  const zod = await importOriginal<typeof Zod>();
  const object: typeof zod.z.object = (...args) => {
    built.objects += 1;
    return zod.z.object(...args);
  };
  return { ...zod, z: { ...zod.z, object } };
});

describe('practice record schemas (issue 21.3)', () => {
  it('issue 21.3: importing the module builds no schema; reading a record builds them once', async () => {
    // A fresh copy of the module and of zod (the mock above), whatever this worker imported
    // before this file (the unit project shares a worker's modules across files).
    vi.resetModules();
    const { readPracticeRecord } = await import('./practiceRecord.ts');
    expect(built.objects).toBe(0);
    const record = {
      id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      tool: 'flashcards',
      startedAt: Date.UTC(2026, 0, 5),
      durationMs: 60_000,
      notesPlayed: 12,
      accuracy: 0.75,
      tune: null,
      tempo: null,
      families: [],
      cards: [{ key: 'LA', right: 3, wrong: 1, missing: 0 }],
    };
    expect(readPracticeRecord(record)).toEqual(record);
    expect(readPracticeRecord({ ...record, tool: 'kazoo' })).toBeNull();
    const once = built.objects;
    expect(once).toBeGreaterThan(0);
    readPracticeRecord(record);
    expect(built.objects).toBe(once);
  });
});
