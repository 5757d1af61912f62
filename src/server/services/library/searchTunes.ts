/**
 * Library search (issue 15 item 5): title and aliases with typos forgiven, filters by type,
 * time signature, composer and featured; only tunes with a setting the caller may see; best
 * match first, then title. Same SQL on PGlite and PostgreSQL (both have pg_trgm, migration
 * 0006): trigram word similarity (`<%`, GIN index on search_text) for queries of three letters
 * or more, a substring match for shorter ones, both on the normalised text (tuneText.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { TuneSummary } from '../../../contracts/library/libraryRoutes.ts';
import type { TimeSignatureName, TuneType } from '../../../contracts/library/libraryTerms.ts';
import type { Database } from '../../db/client.ts';
import { library_settings, library_tunes } from '../../db/schema/index.ts';
import { tuneSummaries, SUMMARY_COLUMNS, type SummaryRow } from './tuneSummaries.ts';
import { normaliseTitle } from './tuneText.ts';
import { visibleSettingFilter, type Viewer } from './visibleSettingFilter.ts';

export interface SearchQuery {
  readonly q?: string | undefined;
  readonly type?: TuneType | undefined;
  readonly time?: TimeSignatureName | undefined;
  readonly composer?: string | undefined;
  readonly featured?: boolean | undefined;
  readonly limit: number;
  readonly offset: number;
}

/** Trigrams need three letters; shorter queries match as a substring instead. */
export const TRIGRAM_MIN = 3;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type SearchRow = SummaryRow & { total: number | string };

export async function searchTunes(
  database: Database,
  viewer: Viewer,
  query: SearchQuery,
): Promise<{ tunes: TuneSummary[]; total: number }> {
  const where: SQL[] = [
    sql`t.merged_into is null`,
    // A subquery per candidate, not EXISTS: the planner turns EXISTS into a semi-join that
    // reads every setting of the library even when the title matched three tunes.
    sql`(select true from ${library_settings} s
         where s.tune_id = t.id and ${visibleSettingFilter(viewer, 's')} limit 1)`,
  ];
  let rank: SQL = sql`0::real`;
  const q = query.q ? normaliseTitle(query.q) : '';
  if (q) {
    const contains = `%${likeEscaped(q)}%`;
    // A query that is part of a name has word similarity 1, so `<%` alone covers it.
    where.push(
      q.length < TRIGRAM_MIN ? sql`t.search_text like ${contains}` : sql`${q} <% t.search_text`,
    );
    rank = sql`word_similarity(${q}, t.search_text)`;
  }
  if (query.type) where.push(sql`t.type = ${query.type}`);
  if (query.time) where.push(sql`t.time_signature = ${query.time}`);
  if (query.featured) where.push(sql`t.featured_at is not null`);
  const composer = query.composer?.trim().toLowerCase();
  if (composer) {
    const contains = `%${likeEscaped(composer)}%`;
    where.push(
      composer.length < TRIGRAM_MIN
        ? sql`lower(t.composer) like ${contains}`
        : sql`${composer} <% lower(t.composer)`,
    );
  }
  const select = sql`select ${SUMMARY_COLUMNS}, count(*) over () as total
        from ${library_tunes} t
        where ${sql.join(where, sql` and `)}
        order by ${rank} desc, lower(t.title), t.id
        limit ${query.limit} offset ${query.offset}`;
  const rows = await database.rows<SearchRow>(select);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.offset > 0) {
    const [count] = await database.rows<{ n: number | string }>(
      sql`select count(*) as n from ${library_tunes} t where ${sql.join(where, sql` and `)}`,
    );
    total = Number(count?.n ?? 0);
  }
  return { tunes: await tuneSummaries(database, viewer, rows), total };
}
