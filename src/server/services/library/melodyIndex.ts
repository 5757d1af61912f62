/**
 * The public settings' melodies in memory, for find-by-playing and the upload check's melodic
 * similarity (issue 15 items 3 and 6). A cache of the database, never the truth: each use
 * first reads a cheap signature of the public settings (how many, the latest change, the
 * melodies' total length) and rebuilds when it differs, so every instance of a scaled-out
 * deployment sees the same library a moment after a change (DESIGN 'Scale').
 */
import { sql } from 'drizzle-orm';
import { scaleIndex, isPitch } from '../../../music/notes.ts';
import { pitchCounts } from '../../../music/tune/melodicSimilarity.ts';
import type { Database } from '../../db/client.ts';
import { library_settings } from '../../db/schema/index.ts';

export interface IndexedMelody {
  readonly settingId: string;
  readonly tuneId: string;
  /** Pitch indexes (0 = Low G … 8 = High A). */
  readonly pitches: Uint8Array;
  readonly counts: readonly number[];
}

export interface MelodyIndex {
  readonly signature: string;
  readonly melodies: readonly IndexedMelody[];
}

const indexes = new WeakMap<Database, Promise<MelodyIndex>>();

/** 'LA B C' → pitch indexes; anything that is not a chanter note is skipped. */
export function pitchIndexes(melody: string): number[] {
  return melody
    .split(' ')
    .filter(isPitch)
    .map((pitch) => scaleIndex(pitch));
}

async function signatureOf(database: Database): Promise<string> {
  const [row] = await database.rows<{ n: number | string; latest: string | null; chars: unknown }>(
    sql`select count(*) as n, max(updated_at)::text as latest,
               coalesce(sum(length(melody)), 0)::text as chars
        from ${library_settings} where visibility = 'public'`,
  );
  return `${row?.n}|${row?.latest}|${String(row?.chars)}`;
}

async function build(database: Database, signature: string): Promise<MelodyIndex> {
  const rows = await database.rows<{ id: string; tune_id: string; melody: string }>(
    sql`select id, tune_id, melody from ${library_settings}
        where visibility = 'public' and melody <> ''`,
  );
  return {
    signature,
    melodies: rows.map((row) => {
      const pitches = pitchIndexes(row.melody);
      return {
        settingId: row.id,
        tuneId: row.tune_id,
        pitches: Uint8Array.from(pitches),
        counts: pitchCounts(pitches),
      };
    }),
  };
}

export async function melodyIndex(database: Database): Promise<MelodyIndex> {
  const signature = await signatureOf(database);
  const cached = indexes.get(database);
  if (cached) {
    const index = await cached.catch(() => null);
    if (index && index.signature === signature) return index;
  }
  const next = build(database, signature);
  indexes.set(database, next);
  return next;
}
