/**
 * Find a tune by playing it (issue 15 item 6): the public settings whose melody holds the
 * played notes, best first, through the project's matcher (src/music/findTune/: a 3-gram
 * prefilter, then an edit-distance match of the fragment anywhere in the tune, in playing
 * order with repeats; measured by `npm run bench:findtune`).
 *
 * The matcher's index is a cache of the database, never the truth: each call reads a cheap
 * signature of the public settings and rebuilds the index when it differs, so every instance
 * of a scaled-out deployment answers from the same library a moment after a change.
 */
import { sql } from 'drizzle-orm';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { buildFindIndex, type FindIndex } from '../../../music/findTune/findIndex.ts';
import { findTunes } from '../../../music/findTune/findTunes.ts';
import type { Pitch } from '../../../music/notes.ts';
import type { Database } from '../../db/client.ts';
import { library_settings } from '../../db/schema/index.ts';

export interface FoundSetting {
  readonly settingId: string;
  /** 1 when every note matched; each wrong, missing or extra note takes about 1/n off. */
  readonly score: number;
  /** The 1-based bar of the setting where the fragment starts. */
  readonly bar: number;
}

interface Cached {
  readonly signature: string;
  readonly index: FindIndex;
}

const indexes = new WeakMap<Database, Promise<Cached>>();

async function signatureOf(database: Database): Promise<string> {
  const [row] = await database.rows<{ n: number | string; latest: string | null }>(
    sql`select count(*) as n, max(updated_at)::text as latest
        from ${library_settings} where visibility = 'public'`,
  );
  return `${row?.n}|${row?.latest}`;
}

async function build(database: Database, signature: string): Promise<Cached> {
  const rows = await database.rows<{ id: string; tune_id: string; bww: string }>(
    sql`select id, tune_id, bww from ${library_settings} where visibility = 'public'`,
  );
  const entries = rows.flatMap((row) => {
    // A setting holds one tune (uploads keep the chosen one; built-ins are one each).
    const [tune] = parseBww(row.bww).tunes;
    return tune ? [{ id: row.tune_id, settingId: row.id, tune }] : [];
  });
  return { signature, index: buildFindIndex(entries) };
}

async function findIndexOf(database: Database): Promise<FindIndex> {
  const signature = await signatureOf(database);
  const cached = indexes.get(database);
  if (cached) {
    const current = await cached.catch(() => null);
    if (current && current.signature === signature) return current.index;
  }
  const next = build(database, signature);
  indexes.set(database, next);
  return (await next).index;
}

export async function findInLibrary(
  database: Database,
  pitches: readonly Pitch[],
  limit: number,
): Promise<FoundSetting[]> {
  const index = await findIndexOf(database);
  return findTunes(index, pitches, { limit }).flatMap((found) =>
    found.settingId ? [{ settingId: found.settingId, score: found.score, bar: found.bar }] : [],
  );
}
