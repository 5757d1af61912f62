import { describe, expect, it } from 'vitest';
import { PRACTICE_LIMITS, type PracticeRecord } from '../../contracts/progress/practiceRecord.ts';
import { fail, ok } from '../../contracts/result.ts';
import { createPracticeHistory, memoryHistoryBackend } from '../storage/practiceHistory.ts';
import { batchesOf, syncOnce, type CursorStore, type SyncApi } from './practiceSync.ts';

let n = 0;
const record = (overrides: Partial<PracticeRecord> = {}): PracticeRecord => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  tool: 'flashcards',
  startedAt: Date.UTC(2026, 0, 1) + n * 60_000,
  durationMs: 30_000,
  notesPlayed: 10,
  accuracy: 0.9,
  tune: null,
  tempo: null,
  families: [],
  cards: [{ key: 'LA', right: 3, wrong: 1, missing: 0 }],
  ...overrides,
});

/** A server in memory: rows by id, a sequence for the cursor; `offline` refuses every call. */
function fakeServer() {
  const rows: PracticeRecord[] = [];
  const server = {
    rows,
    offline: false,
    uploads: 0,
    api: {
      async upload(records) {
        if (server.offline) return fail('Could not reach the server', 'network_error');
        server.uploads++;
        expect(records.length).toBeLessThanOrEqual(PRACTICE_LIMITS.maxBatch);
        let stored = 0;
        for (const r of records) {
          if (rows.some((x) => x.id === r.id)) continue;
          rows.push(r);
          stored++;
        }
        return ok({ stored, ids: records.map((r) => r.id) });
      },
      async download(since) {
        if (server.offline) return fail('Could not reach the server', 'network_error');
        const from = Number(since ?? 0);
        const page = rows.slice(from, from + 2);
        return ok({
          records: page,
          cursor: String(from + page.length),
          more: from + 2 < rows.length,
        });
      },
    } as SyncApi,
  };
  return server;
}

function cursors(): CursorStore {
  const map = new Map<string, string>();
  return { read: (u) => map.get(u), write: (u, c) => map.set(u, c) };
}

describe('issue 18.2 practice sync', () => {
  it('issue 18.2: nothing is lost offline: records wait, then go when the server answers', async () => {
    const server = fakeServer();
    const phone = createPracticeHistory(memoryHistoryBackend());
    await phone.add([record(), record()]);
    server.offline = true;
    const offline = await syncOnce(phone, server.api, cursors(), 'u1');
    expect(offline.error?.code).toBe('network_error');
    expect(phone.getSnapshot().unsynced).toBe(2);
    server.offline = false;
    const back = await syncOnce(phone, server.api, cursors(), 'u1');
    expect(back).toMatchObject({ uploaded: 2, error: null });
    expect(phone.getSnapshot().unsynced).toBe(0);
    expect(server.rows).toHaveLength(2);
  });

  it('issue 18.2: two devices end with the same history; a second sync sends nothing', async () => {
    const server = fakeServer();
    const phone = createPracticeHistory(memoryHistoryBackend());
    const laptop = createPracticeHistory(memoryHistoryBackend());
    const phoneCursor = cursors();
    const laptopCursor = cursors();
    await phone.add([record(), record(), record()]);
    await laptop.add([record()]);
    await syncOnce(phone, server.api, phoneCursor, 'u1');
    await syncOnce(laptop, server.api, laptopCursor, 'u1');
    await syncOnce(phone, server.api, phoneCursor, 'u1');
    const ids = (h: typeof phone) => h.getSnapshot().records.map((r) => r.id);
    expect(ids(phone)).toEqual(ids(laptop));
    expect(ids(phone)).toHaveLength(4);
    const uploads = server.uploads;
    expect(await syncOnce(phone, server.api, phoneCursor, 'u1')).toMatchObject({
      uploaded: 0,
      downloaded: 0,
    });
    expect(server.uploads).toBe(uploads);
  });

  it('issue 18.2: uploads are split within 500 records and 256 KB', () => {
    const many = Array.from({ length: 1201 }, () => record());
    expect(batchesOf(many).map((b) => b.length)).toEqual([500, 500, 201]);
    const big = Array.from({ length: 400 }, () =>
      record({ tune: { id: 'x'.repeat(200), title: 't'.repeat(200) } }),
    );
    const batches = batchesOf(big);
    expect(batches.length).toBeGreaterThan(1);
    for (const b of batches) {
      expect(JSON.stringify({ records: b }).length).toBeLessThanOrEqual(
        PRACTICE_LIMITS.maxBatchBytes,
      );
    }
  });
});
