import { describe, expect, it } from 'vitest';
import { PRACTICE_LIMITS, practiceRecordSchema } from '../../contracts/progress/practiceRecord.ts';
import { createPracticeHistory, memoryHistoryBackend } from './practiceHistory.ts';
import { createPracticeRecorder, type CheckpointStore } from './practiceRecorder.ts';

function setup(checkpointed: Record<string, unknown> = {}) {
  let time = Date.UTC(2026, 5, 1, 9);
  let ids = 0;
  let stored: Record<string, unknown> = checkpointed;
  const checkpoints: CheckpointStore = {
    read: () => stored,
    write: (v) => {
      stored = { ...v };
      return true;
    },
  };
  const backend = memoryHistoryBackend();
  const history = createPracticeHistory(backend);
  const recorded: string[] = [];
  const recorder = createPracticeRecorder({
    history,
    checkpoints,
    now: () => time,
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    onRecorded: (r) => recorded.push(r.id),
  });
  return {
    recorder,
    history,
    recorded,
    advance: (ms: number) => (time += ms),
    checkpointsNow: () => stored,
  };
}

describe('issue 18.2 practice recorder', () => {
  it('issue 18.2: a session records its tool, start, duration, notes, accuracy, tune and tempo', async () => {
    const s = setup();
    const session = s.recorder.begin('playAlong', {
      tune: { id: 'scotland-the-brave', title: 'Scotland the Brave' },
      tempo: 84.4,
    });
    s.advance(90_000);
    session.note();
    session.note();
    const record = await session.end({
      accuracy: 0.75,
      families: [{ key: 'doubling', right: 3, wrong: 1, missing: 0 }],
    });
    expect(record).toEqual({
      id: session.id,
      tool: 'playAlong',
      startedAt: Date.UTC(2026, 5, 1, 9),
      durationMs: 90_000,
      notesPlayed: 2,
      accuracy: 0.75,
      tune: { id: 'scotland-the-brave', title: 'Scotland the Brave' },
      tempo: 84,
      families: [{ key: 'doubling', right: 3, wrong: 1, missing: 0 }],
      cards: [],
    });
    expect(practiceRecordSchema.safeParse(record).success).toBe(true);
    expect(s.history.getSnapshot().records).toEqual([record]);
    expect(s.recorded).toEqual([session.id]);
    // Ending twice stores once.
    await expect(session.end()).resolves.toBeNull();
  });

  it('issue 18.2: an opened page without practice is not a session', async () => {
    const s = setup();
    const session = s.recorder.begin('tuner');
    s.advance(PRACTICE_LIMITS.minDurationMs - 1);
    await expect(session.end()).resolves.toBeNull();
    expect((await s.history.load()).records).toEqual([]);
  });

  it('issue 18.2: whatever a tool reports, the record stays within its bounds', async () => {
    const s = setup();
    const session = s.recorder.begin('metronome', { tempo: 9999, accuracy: 3 });
    s.advance(PRACTICE_LIMITS.maxDurationMs * 2);
    const record = await session.end({ notesPlayed: -4, tune: { id: 'x'.repeat(999), title: '' } });
    expect(practiceRecordSchema.safeParse(record).success).toBe(true);
    expect(record).toMatchObject({
      durationMs: PRACTICE_LIMITS.maxDurationMs,
      tempo: null,
      accuracy: 1,
      notesPlayed: 0,
    });
  });

  it('issue 18.2: a tab killed mid-session loses nothing: the checkpoint is recovered at the next load', async () => {
    const first = setup();
    const session = first.recorder.begin('chanterTest');
    first.advance(120_000);
    session.note();
    first.recorder.checkpoint(); // pagehide
    const left = first.checkpointsNow();
    expect(Object.keys(left)).toEqual([session.id]);

    // The next page: same checkpoint store, new history object over a new backend.
    const next = setup(left);
    expect(await next.recorder.recover()).toBe(1);
    const [record] = next.history.getSnapshot().records;
    expect(record).toMatchObject({ id: session.id, tool: 'chanterTest', durationMs: 120_000 });
    expect(next.checkpointsNow()).toEqual({});
    expect(next.recorded).toEqual([session.id]);
  });

  it('issue 18.2: a session that ends normally after a checkpoint leaves no checkpoint behind', async () => {
    const s = setup();
    const session = s.recorder.begin('metronome');
    s.advance(60_000);
    s.recorder.checkpoint();
    s.advance(60_000);
    const record = await session.end();
    expect(record?.durationMs).toBe(120_000);
    expect(s.checkpointsNow()).toEqual({});
    // recover() never takes a session still running in this page.
    const other = s.recorder.begin('tuner');
    s.advance(10_000);
    s.recorder.checkpoint();
    expect(await s.recorder.recover()).toBe(0);
    await other.end();
    expect(s.history.getSnapshot().records).toHaveLength(2);
  });
});
