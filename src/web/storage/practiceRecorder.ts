/**
 * Records practice sessions (issue 18 item 2): a tool calls `begin` when a session starts and
 * `end` when it stops; notes played are counted engine to engine (`note()` from a note event
 * subscription, see ../lib/usePracticeSession.ts). No React, no browser globals: the clock,
 * the id maker, the history and the checkpoint store are passed in (DESIGN habits 2 and 3).
 *
 * No data lost on a killed tab: `checkpoint()` (called on pagehide and when the page is
 * hidden) copies every running session into the settings store synchronously (localStorage
 * survives the tab ending mid-write, an IndexedDB transaction may not); `recover()` at the
 * next load moves those copies into the history. A session that ends normally removes its
 * checkpoint. The history keeps the first copy of an id, so a session is never stored twice.
 */
import {
  PRACTICE_LIMITS as L,
  readPracticeRecord,
  type ItemVerdicts,
  type PracticeRecord,
  type PracticeTool,
  type PracticeTune,
} from '../../contracts/progress/practiceRecord.ts';
import type { PracticeHistory } from './practiceHistory.ts';

/** What a tool may tell about its session, at any time before it ends. */
export interface SessionDetails {
  readonly tune?: PracticeTune | null;
  readonly tempo?: number | null;
  readonly accuracy?: number | null;
  /** Overrides the counted notes (a tool whose engine counts them itself). */
  readonly notesPlayed?: number;
  readonly families?: readonly ItemVerdicts[];
  readonly cards?: readonly ItemVerdicts[];
}

export interface RunningSession {
  readonly id: string;
  /** One note played. */
  note(): void;
  update(details: SessionDetails): void;
  /** Ends and stores the session; the record, or null when it was too short to count. */
  end(details?: SessionDetails): Promise<PracticeRecord | null>;
}

/** Where running sessions are checkpointed (the settings store's practice_running key). */
export interface CheckpointStore {
  read(): Readonly<Record<string, unknown>>;
  write(value: Readonly<Record<string, unknown>>): boolean;
}

export interface RecorderOptions {
  readonly history: PracticeHistory;
  readonly checkpoints: CheckpointStore;
  readonly now: () => number;
  readonly newId: () => string;
  /** Told after each stored session (the sync starts). */
  readonly onRecorded?: (record: PracticeRecord) => void;
}

export interface PracticeRecorder {
  begin(tool: PracticeTool, details?: SessionDetails): RunningSession;
  /** Copies running sessions into the checkpoint store, synchronously. */
  checkpoint(): void;
  /** Moves checkpoints left by an earlier page into the history; returns how many. */
  recover(): Promise<number>;
}

const clampInt = (value: number, max: number) =>
  Math.max(0, Math.min(max, Math.round(Number.isFinite(value) ? value : 0)));

function items(list: readonly ItemVerdicts[] | undefined): ItemVerdicts[] {
  return (list ?? []).slice(0, L.maxItems).map((v) => ({
    key: v.key.slice(0, L.maxItemKey),
    right: clampInt(v.right, L.maxCount),
    wrong: clampInt(v.wrong, L.maxCount),
    missing: clampInt(v.missing, L.maxCount),
  }));
}

/** A record within every bound of the schema, from what a tool reported. */
export function recordOf(
  base: { id: string; tool: PracticeTool; startedAt: number; durationMs: number; notes: number },
  d: SessionDetails,
): PracticeRecord {
  const tempo = d.tempo == null ? null : Math.round(d.tempo);
  const accuracy = d.accuracy == null || !Number.isFinite(d.accuracy) ? null : d.accuracy;
  return {
    id: base.id,
    tool: base.tool,
    startedAt: Math.round(base.startedAt),
    durationMs: clampInt(base.durationMs, L.maxDurationMs),
    notesPlayed: clampInt(d.notesPlayed ?? base.notes, L.maxNotes),
    accuracy: accuracy === null ? null : Math.max(0, Math.min(1, accuracy)),
    tune: d.tune
      ? { id: d.tune.id.slice(0, L.maxTuneId) || '?', title: d.tune.title.slice(0, L.maxTuneTitle) }
      : null,
    tempo: tempo !== null && tempo >= L.minTempo && tempo <= L.maxTempo ? tempo : null,
    families: items(d.families),
    cards: items(d.cards),
  };
}

/** A session worth keeping: long enough, or with something played or judged. */
export function counts(record: PracticeRecord): boolean {
  return (
    record.durationMs >= L.minDurationMs ||
    record.notesPlayed > 0 ||
    record.families.length > 0 ||
    record.cards.length > 0
  );
}

export function createPracticeRecorder(options: RecorderOptions): PracticeRecorder {
  const { history, checkpoints, now, newId } = options;
  const running = new Map<string, () => PracticeRecord>();

  const dropCheckpoint = (id: string) => {
    const stored = checkpoints.read();
    if (!(id in stored)) return;
    const rest = { ...stored };
    delete rest[id];
    checkpoints.write(rest);
  };

  return {
    begin(tool, initial = {}) {
      const id = newId();
      const startedAt = now();
      let notes = 0;
      let details: SessionDetails = initial;
      let ended = false;
      const current = () =>
        recordOf({ id, tool, startedAt, durationMs: now() - startedAt, notes }, details);
      running.set(id, current);
      return {
        id,
        note() {
          notes++;
        },
        update(next) {
          details = { ...details, ...next };
        },
        async end(last = {}) {
          if (ended) return null;
          ended = true;
          details = { ...details, ...last };
          const record = current();
          running.delete(id);
          dropCheckpoint(id);
          if (!counts(record)) return null;
          const saved = await history.add([record]);
          if (saved) options.onRecorded?.(record);
          return saved ? record : null;
        },
      };
    },
    checkpoint() {
      if (running.size === 0) return;
      const stored = { ...checkpoints.read() };
      for (const [id, current] of running) {
        const record = current();
        if (counts(record)) stored[id] = record;
      }
      checkpoints.write(stored);
    },
    async recover() {
      const stored = checkpoints.read();
      // Only sessions not running in this page (they checkpoint again when hidden).
      const left = Object.entries(stored).filter(([id]) => !running.has(id));
      if (left.length === 0) return 0;
      const records = left
        .map(([, value]) => readPracticeRecord(value))
        .filter((r): r is PracticeRecord => r !== null);
      const saved = records.length === 0 || (await history.add(records));
      // Kept for the next try when the history could not take them (full, unavailable).
      if (saved) {
        const rest = { ...checkpoints.read() };
        for (const [id] of left) delete rest[id];
        checkpoints.write(rest);
        records.forEach((r) => options.onRecorded?.(r));
      }
      return records.length;
    },
  };
}
