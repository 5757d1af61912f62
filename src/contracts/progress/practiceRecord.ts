/**
 * The practice session record (issue 18 item 2), defined once for the browser's local history
 * (src/web/storage/practiceHistory.ts), the sync routes (./progressRoutes.ts) and the server's
 * table (src/server/db/schema/practiceHistory.ts).
 *
 * Append-only: a record is made once, when a session ends (or is cut short by a closed tab),
 * and never changes. Its id is a v4 UUID made on the device: the idempotency key of every
 * upload, so the same record sent twice, from one device or two, is stored once and no two
 * devices can disagree about it (conflicts are impossible by design).
 */
import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import { isUuidV4 } from '../uuid.ts';
import { withThousands } from '../withThousands.ts';

/** Every tool whose sessions are recorded. */
export const PRACTICE_TOOLS = [
  'tuner',
  'chanterTest',
  'chanterSync',
  'flashcards',
  'metronome',
  'basicNotes',
  'graceNotes',
  'blaster',
  'playAlong',
  'sheetMusic',
  'battle',
] as const;
export type PracticeTool = (typeof PRACTICE_TOOLS)[number];

/** The names /progress and the CSV show. */
export const practiceToolNames: Readonly<Record<PracticeTool, string>> = {
  tuner: 'Tuner',
  chanterTest: 'Chanter Test',
  chanterSync: 'Chanter Sync',
  flashcards: 'Flash Cards',
  metronome: 'Metronome',
  basicNotes: 'Basic Notes',
  graceNotes: 'Grace Notes',
  blaster: 'Blaster',
  playAlong: 'Play Along',
  sheetMusic: 'Sheet Music',
  battle: 'Battle',
};

/** Bounds of one record and of the sync, so no device can store or send without limit. */
export const PRACTICE_LIMITS = {
  /** A session longer than this is a tab left open: it is cut at the bound. */
  maxDurationMs: 6 * 60 * 60 * 1000,
  /** A session shorter than this and without a note is not practice (an opened page). */
  minDurationMs: 5_000,
  maxNotes: 100_000,
  maxTuneId: 200,
  maxTuneTitle: 200,
  minTempo: 10,
  maxTempo: 400,
  /** Embellishment families (21 today) or flash-card notes (9) in one record. */
  maxItems: 40,
  maxItemKey: 32,
  maxCount: 10_000,
  /** Records in one upload, and its size in bytes (issue 18 brief). */
  maxBatch: 500,
  maxBatchBytes: 256 * 1024,
  /** Records one download answers; the client asks again from the cursor. */
  pageSize: 1000,
  /**
   * Rows kept per account: 50,000 sessions is 27 a day for five years. An upload past it is
   * refused as a whole (nothing stored) with historyFull.
   */
  maxRowsPerUser: 50_000,
  /** Oldest and newest start accepted: no 1970 clocks, nothing from the far future. */
  earliestStart: Date.UTC(2020, 0, 1),
} as const;

// Built on first use (issue 21.3): every practice screen imports this module to record a
// session, and building these schemas before hydrating was /flashcards' longest task.
const count = () => z.number().int().min(0).max(PRACTICE_LIMITS.maxCount);

/**
 * Verdicts of one embellishment family in a play-along run (src/music/playAlong/runSummary.ts
 * FamilySummary): right = complete; missing = graces missing; wrong = any other fault (wrong
 * order, crossing noise, too slow). Also one flash-card note's right and wrong answers
 * (missing 0), keyed by its pitch name.
 */
export const itemVerdictsSchema = lazySchema(() =>
  z.object({
    key: z.string().min(1).max(PRACTICE_LIMITS.maxItemKey),
    right: count(),
    wrong: count(),
    missing: count(),
  }),
);
export type ItemVerdicts = z.infer<typeof itemVerdictsSchema>;

export const practiceTuneSchema = lazySchema(() =>
  z.object({
    /** Library slug or id, or a file name for a piper's own file. */
    id: z.string().min(1).max(PRACTICE_LIMITS.maxTuneId),
    title: z.string().max(PRACTICE_LIMITS.maxTuneTitle),
  }),
);
export type PracticeTune = z.infer<typeof practiceTuneSchema>;

export const practiceRecordSchema = lazySchema(() =>
  z.object({
    id: z.string().refine(isUuidV4, 'id must be a version 4 UUID'),
    tool: z.enum(PRACTICE_TOOLS),
    /** ms since the epoch. */
    startedAt: z
      .number()
      .int()
      .min(PRACTICE_LIMITS.earliestStart)
      .max(Date.UTC(2100, 0, 1)),
    durationMs: z.number().int().min(0).max(PRACTICE_LIMITS.maxDurationMs),
    notesPlayed: z.number().int().min(0).max(PRACTICE_LIMITS.maxNotes),
    /** 0–1, or null when the tool does not judge (metronome, tuner). */
    accuracy: z.number().min(0).max(1).nullable(),
    tune: practiceTuneSchema.nullable(),
    /** Crotchets per minute, or null. */
    tempo: z.number().int().min(PRACTICE_LIMITS.minTempo).max(PRACTICE_LIMITS.maxTempo).nullable(),
    /** Play Along: per embellishment family. */
    families: z.array(itemVerdictsSchema).max(PRACTICE_LIMITS.maxItems),
    /** Flash Cards: per note. */
    cards: z.array(itemVerdictsSchema).max(PRACTICE_LIMITS.maxItems),
  }),
);
export type PracticeRecord = z.infer<typeof practiceRecordSchema>;

/** Parses a stored or received record: null when it is not one. */
export function readPracticeRecord(value: unknown): PracticeRecord | null {
  const parsed = practiceRecordSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export const progressMessages = {
  batchTooLarge: `Send at most ${PRACTICE_LIMITS.maxBatch} practice sessions at a time.`,
  bodyTooLarge: `A practice history upload may be at most ${PRACTICE_LIMITS.maxBatchBytes / 1024} KB.`,
  historyFull: `Your practice history on this site is full (${withThousands(PRACTICE_LIMITS.maxRowsPerUser)} sessions). Export it, then delete it to start again.`,
  duplicateIds: 'A practice session appears twice in one upload.',
} as const;
