/**
 * Before an upload is saved (issue 15 item 3): what the file holds, and the library tunes it
 * may already be — the same title or alias (normalised: case, accents, apostrophes), or a
 * melody at least LIBRARY_LIMITS.duplicateSimilarity alike (melodicSimilarity.ts) to a public
 * setting — so the piper can add it as a new setting of that tune instead.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  uploadCheckAnswerSchema,
  uploadCheckBodySchema,
} from '../../../contracts/library/libraryRoutes.ts';
import { LIBRARY_LIMITS } from '../../../contracts/library/libraryTerms.ts';
import { melodicSimilarity, pitchCounts } from '../../../music/tune/melodicSimilarity.ts';
import { melodyNotesOf } from '../../../music/tune/melodyOf.ts';
import { scaleIndex } from '../../../music/notes.ts';
import { barsOf, type Tune } from '../../../music/tune/tune.ts';
import { tuneName } from '../../../music/tune/tuneNames.ts';
import type { Database } from '../../db/client.ts';
import { library_settings, library_tunes } from '../../db/schema/index.ts';
import { melodyIndex } from './melodyIndex.ts';
import { readUpload } from './readUpload.ts';
import { timeSignatureOf } from './tuneFacts.ts';
import { tuneSummaries, SUMMARY_COLUMNS, type SummaryRow } from './tuneSummaries.ts';
import { normaliseTitle } from './tuneText.ts';
import { visibleSettingFilter, type Viewer } from './visibleSettingFilter.ts';

type CheckBody = z.infer<typeof uploadCheckBodySchema>;
type CheckAnswer = z.infer<typeof uploadCheckAnswerSchema>;

/** Candidates offered at most (the closest first). */
export const MAX_CANDIDATES = 10;

/** Pitch indexes of a tune's melody. */
export function melodyIndexesOf(tune: Tune): number[] {
  return melodyNotesOf(tune).map((note) => scaleIndex(note.pitch));
}

/** Tunes (not merged, with a setting the viewer may see) one of whose names is in `names`. */
async function sameName(
  database: Database,
  viewer: Viewer,
  names: readonly string[],
): Promise<SummaryRow[]> {
  if (names.length === 0) return [];
  // The substring test lets the trigram index narrow the rows; the array test is the rule.
  const matches = names.map(
    (name) =>
      sql`(t.search_text like ${`%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}
           and ${name} = any(string_to_array(t.search_text, ${'\n'})))`,
  );
  return database.rows<SummaryRow>(
    sql`select ${SUMMARY_COLUMNS} from ${library_tunes} t
        where t.merged_into is null and (${sql.join(matches, sql` or `)})
          and exists (select 1 from ${library_settings} s
                      where s.tune_id = t.id and ${visibleSettingFilter(viewer, 's')})
        order by lower(t.title) limit ${MAX_CANDIDATES}`,
  );
}

export async function checkUpload(
  database: Database,
  viewer: Viewer,
  body: CheckBody,
): Promise<CheckAnswer> {
  const read = readUpload(body.format, body.text);
  const tunes = read.tunes.map((tune, index) => {
    const name = tuneName(tune, index);
    return {
      title: name.title,
      composer: name.composer || null,
      type: name.type || null,
      timeSignature: timeSignatureOf(tune),
      bars: barsOf(tune).length,
    };
  });
  const first = read.tunes[0]!;
  const names = [body.title ?? tunes[0]?.title ?? '', ...body.aliases]
    .map(normaliseTitle)
    .filter(Boolean);

  // Melody: the file's first tune against every public setting, bounded per comparison.
  const melody = melodyIndexesOf(first);
  const counts = pitchCounts(melody);
  const floor = LIBRARY_LIMITS.duplicateSimilarity;
  const index = await melodyIndex(database);
  const bestByTune = new Map<string, number>();
  for (const entry of index.melodies) {
    const similarity = melodicSimilarity(
      melody,
      Array.from(entry.pitches),
      floor,
      counts,
      entry.counts,
    );
    if (similarity >= floor && similarity > (bestByTune.get(entry.tuneId) ?? 0)) {
      bestByTune.set(entry.tuneId, similarity);
    }
  }
  const titled = await sameName(database, viewer, names);
  // A same-name tune's similarity is worth showing even below the floor.
  for (const tune of titled) {
    if (bestByTune.has(tune.id)) continue;
    let best = 0;
    for (const entry of index.melodies) {
      if (entry.tuneId !== tune.id) continue;
      best = Math.max(best, melodicSimilarity(melody, Array.from(entry.pitches)));
    }
    bestByTune.set(tune.id, best);
  }
  const titledIds = new Set(titled.map((tune) => tune.id));
  const melodic = [...bestByTune.keys()].filter((id) => !titledIds.has(id));
  const melodicRows =
    melodic.length === 0
      ? []
      : await database.rows<SummaryRow>(
          sql`select ${SUMMARY_COLUMNS} from ${library_tunes} t
              where t.merged_into is null
                and t.id in (${sql.join(
                  melodic.map((id) => sql`${id}`),
                  sql`, `,
                )})`,
        );
  const rows = [...titled, ...melodicRows];
  const summaries = await tuneSummaries(database, viewer, rows);
  const duplicates = summaries
    .filter((tune) => tune.settingCount > 0)
    .map((tune) => ({
      tune,
      reason: titledIds.has(tune.id) ? ('title' as const) : ('melody' as const),
      similarity: bestByTune.get(tune.id) ?? 0,
    }))
    .sort(
      (a, b) =>
        Number(b.reason === 'title') - Number(a.reason === 'title') || b.similarity - a.similarity,
    )
    .slice(0, MAX_CANDIDATES);
  return { tunes, warnings: [...read.warnings], duplicates };
}
