import { describe, expect, it } from 'vitest';
import type { PracticeRecord } from '../../contracts/progress/practiceRecord.ts';
import { createPracticeHistory, memoryHistoryBackend, noticeText } from './practiceHistory.ts';

let n = 0;
function record(overrides: Partial<PracticeRecord> = {}): PracticeRecord {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    tool: 'metronome',
    startedAt: Date.UTC(2026, 0, 1) + n * 60_000,
    durationMs: 60_000,
    notesPlayed: 0,
    accuracy: null,
    tune: null,
    tempo: 90,
    families: [],
    cards: [],
    ...overrides,
  };
}

describe('issue 18.2 local practice history', () => {
  it('issue 18.2: a corrupt record is dropped with a notice, never the whole history', async () => {
    const good = [record(), record()];
    const backend = memoryHistoryBackend([
      { id: good[0]!.id, record: good[0], synced: false },
      { id: 'broken', record: { ...record(), accuracy: 7 }, synced: false },
      { id: good[1]!.id, record: good[1], synced: true },
      { id: 'truncated', record: '{"id":', synced: false },
    ]);
    const history = createPracticeHistory(backend);
    const snap = await history.load();
    expect(snap.records.map((r) => r.id)).toEqual(good.map((r) => r.id));
    expect(snap.unsynced).toBe(1);
    expect(snap.notice).toEqual({ kind: 'dropped', count: 2 });
    expect(noticeText(snap.notice!)).toMatch(/2 practice sessions could not be read/);
    expect([...backend.rows.keys()].sort()).toEqual(good.map((r) => r.id).sort());
  });

  it('issue 18.2: a full quota is a notice, never thrown at the player', async () => {
    const backend = memoryHistoryBackend();
    const history = createPracticeHistory(backend);
    backend.failNextAdd = new DOMException('full', 'QuotaExceededError');
    await expect(history.add([record()])).resolves.toBe(false);
    expect(history.getSnapshot().notice).toEqual({ kind: 'quota' });
    expect(noticeText({ kind: 'quota' })).toMatch(/storage is full/);
    // The next session saves once there is room again.
    await expect(history.add([record()])).resolves.toBe(true);
    expect(history.getSnapshot().records).toHaveLength(1);
  });

  it('issue 18.2: without IndexedDB the history says so and never throws', async () => {
    const history = createPracticeHistory(null);
    expect((await history.load()).notice).toEqual({ kind: 'unavailable' });
    await expect(history.add([record()])).resolves.toBe(false);
  });

  it('issue 18.2: append-only: a record with a known id keeps its first copy', async () => {
    const backend = memoryHistoryBackend();
    const history = createPracticeHistory(backend);
    const first = record({ durationMs: 10_000 });
    await history.add([first]);
    await history.add([{ ...first, durationMs: 99_000 }]);
    expect(history.getSnapshot().records).toEqual([first]);
  });

  it('issue 18.2: records downloaded from the account are stored as synced; own ones wait', async () => {
    const backend = memoryHistoryBackend();
    const history = createPracticeHistory(backend);
    const mine = record();
    const theirs = record();
    await history.add([mine]);
    expect(await history.addSynced([theirs, mine])).toBe(1);
    expect((await history.unsyncedRecords()).map((r) => r.id)).toEqual([mine.id]);
    await history.markSynced([mine.id]);
    expect(await history.unsyncedRecords()).toEqual([]);
    // Reopened (a new page): the synced flag was stored.
    const again = createPracticeHistory(backend);
    expect((await again.load()).unsynced).toBe(0);
    await again.clear();
    expect(again.getSnapshot().records).toEqual([]);
    expect(backend.rows.size).toBe(0);
  });

  it('issue 18.2: invalid records are refused at the door', async () => {
    const history = createPracticeHistory(memoryHistoryBackend());
    await expect(history.add([{ ...record(), id: 'nope' }])).resolves.toBe(false);
    expect((await history.load()).records).toEqual([]);
  });
});

describe('issue 18 Measured: marking records synced does not rebuild the records list', () => {
  it('issue 18.2: the records array keeps its identity until a record is added', async () => {
    const history = createPracticeHistory(memoryHistoryBackend());
    const a = record();
    await history.add([a]);
    const before = history.getSnapshot().records;
    await history.markSynced([a.id]);
    expect(history.getSnapshot().unsynced).toBe(0);
    expect(history.getSnapshot().records).toBe(before);
    await history.add([record()]);
    expect(history.getSnapshot().records).not.toBe(before);
  });
});
