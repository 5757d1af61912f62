/**
 * Seeds the built-in tunes as public-domain public settings at start (issue 15 item 2),
 * idempotently: keyed by library_settings.builtin_id, a second run writes nothing, and a
 * .bww file whose text changed updates its setting (music, melody, source, licence).
 *
 * A tune's words (title, aliases, type, composer) are written when the tune is created; after
 * that they are the curators' to edit (item 8) and seeding leaves them alone.
 *
 * Several instances starting together on one PostgreSQL take turns on an advisory lock, so
 * a tune is never seeded twice.
 */
import { eq, isNotNull, sql } from 'drizzle-orm';
import { parseBww } from '../../../music/bww/parseBww.ts';
import { melodyOf } from '../../../music/tune/melodyOf.ts';
import type { Database } from '../../db/client.ts';
import { library_settings, library_tunes } from '../../db/schema/index.ts';
import { readBuiltinTunes, type BuiltinTuneInput } from './builtinTunes.ts';
import { freeSlug } from './libraryRows.ts';
import { searchTextOf } from './tuneText.ts';

/** Any constant: the lock's key among this database's advisory locks. */
const SEED_LOCK = 150_002;

export interface SeedResult {
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
}

function melodyFrom(bww: string): string {
  const [tune] = parseBww(bww).tunes;
  return tune ? melodyOf(tune) : '';
}

export async function seedLibrary(
  database: Database,
  inputs: readonly BuiltinTuneInput[] = readBuiltinTunes(),
): Promise<SeedResult> {
  const seeded = async () =>
    database.db
      .select({
        id: library_settings.id,
        builtin_id: library_settings.builtin_id,
        bww: library_settings.bww,
        source: library_settings.source,
        licence: library_settings.licence,
      })
      .from(library_settings)
      .where(isNotNull(library_settings.builtin_id));
  const same = (
    row: Awaited<ReturnType<typeof seeded>>[number] | undefined,
    input: BuiltinTuneInput,
  ) => row && row.bww === input.bww && row.source === input.source && row.licence === input.licence;

  // The common case — nothing changed since the last start — costs one read and no lock.
  const first = new Map((await seeded()).map((row) => [row.builtin_id, row]));
  if (inputs.every((input) => same(first.get(input.id), input))) {
    return { created: 0, updated: 0, unchanged: inputs.length };
  }

  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const rows = await tx
      .select({
        id: library_settings.id,
        builtin_id: library_settings.builtin_id,
        bww: library_settings.bww,
        source: library_settings.source,
        licence: library_settings.licence,
      })
      .from(library_settings)
      .where(isNotNull(library_settings.builtin_id));
    const existing = new Map(rows.map((row) => [row.builtin_id, row]));
    let created = 0;
    let updated = 0;
    for (const input of inputs) {
      const row = existing.get(input.id);
      if (same(row, input)) continue;
      if (row) {
        await tx
          .update(library_settings)
          .set({
            bww: input.bww,
            melody: melodyFrom(input.bww),
            source: input.source,
            licence: input.licence,
            updated_at: sql`now()`,
          })
          .where(eq(library_settings.id, row.id));
        updated++;
        continue;
      }
      const [tune] = await tx
        .insert(library_tunes)
        .values({
          slug: await freeSlug(tx, input.title),
          title: input.title,
          aliases: [...input.aliases],
          type: input.type,
          time_signature: input.timeSignature,
          composer: input.composer,
          composer_dates: input.composerDates,
          notes: input.notes,
          search_text: searchTextOf(input.title, input.aliases),
        })
        .returning({ id: library_tunes.id });
      await tx.insert(library_settings).values({
        tune_id: tune!.id,
        bww: input.bww,
        source: input.source,
        licence: input.licence,
        visibility: 'public',
        builtin_id: input.id,
        melody: melodyFrom(input.bww),
      });
      created++;
    }
    return { created, updated, unchanged: inputs.length - created - updated };
  });
}
