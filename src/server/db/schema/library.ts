import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUser } from './auth.ts';

/**
 * The tune library (issue 15 items 2, 3, 7, 8). A tune is the piece pipers name; a setting is
 * one written version of it (the BWW text, its arranger, source and licence, who uploaded it
 * and who may see it). The 22 built-in tunes are seeded as public-domain settings, keyed by
 * `builtin_id` so seeding is idempotent. Search uses trigram indexes on `search_text` (title
 * and aliases, lower-cased), so typos are forgiven on PGlite and PostgreSQL alike (pg_trgm).
 */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const library_tunes = pgTable(
  'library_tunes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The tune's address in links: 'scotland-the-brave', made unique on insert. */
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** One of TUNE_TYPES (src/contracts/library). */
    type: text('type').notNull(),
    /** '2/4', '6/8', 'C', … as shown to pipers. */
    time_signature: text('time_signature').notNull(),
    /** The composer, or 'Traditional'. */
    composer: text('composer').notNull().default('Traditional'),
    /** The composer's dates as known, e.g. '1866–1933'. */
    composer_dates: text('composer_dates'),
    notes: text('notes'),
    /** Lower-cased title and aliases, the trigram-indexed text search reads. */
    search_text: text('search_text').notNull(),
    /** Featured on the library page by a curator (null: not featured). */
    featured_at: at('featured_at'),
    /** A duplicate merged into another tune: its links redirect there (item 8). */
    merged_into: uuid('merged_into'),
    created_by: text('created_by').references(() => authUser.id, { onDelete: 'set null' }),
    created_at: at('created_at')
      .notNull()
      .default(sql`now()`),
    updated_at: at('updated_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('library_tunes_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    index('library_tunes_composer_trgm_idx').using('gin', sql`lower(${t.composer}) gin_trgm_ops`),
    index('library_tunes_type_idx').on(t.type, t.time_signature),
    index('library_tunes_featured_idx').on(t.featured_at),
  ],
);

export const library_settings = pgTable(
  'library_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tune_id: uuid('tune_id')
      .notNull()
      .references(() => library_tunes.id, { onDelete: 'cascade' }),
    /** The BWW text (MusicXML uploads are converted on the server). */
    bww: text('bww').notNull(),
    arranger: text('arranger'),
    source: text('source'),
    /** One of LICENCES: 'public-domain', 'cc0', 'cc-by', 'private-use'. */
    licence: text('licence').notNull(),
    /** For CC BY: whom to credit. */
    attribution: text('attribution'),
    uploader_id: text('uploader_id').references(() => authUser.id, { onDelete: 'set null' }),
    /** 'private' | 'pending' | 'public' | 'rejected' | 'hidden' (a copyright report hides). */
    visibility: text('visibility').notNull(),
    /** The seed key of a built-in tune ('scotland-the-brave'); null for uploads. */
    builtin_id: text('builtin_id').unique(),
    /** Melody pitches, space separated ('LA B C …'), for find-by-playing and similarity. */
    melody: text('melody').notNull().default(''),
    reject_reason: text('reject_reason'),
    moderated_by: text('moderated_by'),
    moderated_at: at('moderated_at'),
    created_at: at('created_at')
      .notNull()
      .default(sql`now()`),
    updated_at: at('updated_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('library_settings_tune_idx').on(t.tune_id),
    index('library_settings_uploader_idx').on(t.uploader_id, t.created_at.desc()),
    index('library_settings_visibility_idx').on(t.visibility, t.created_at),
    check(
      'library_settings_visibility_check',
      sql`${t.visibility} in ('private', 'pending', 'public', 'rejected', 'hidden')`,
    ),
  ],
);

/** Anyone's report on a setting (item 3): wrong notes, copyright, other. */
export const library_reports = pgTable(
  'library_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    setting_id: uuid('setting_id')
      .notNull()
      .references(() => library_settings.id, { onDelete: 'cascade' }),
    /** 'wrong-notes' | 'copyright' | 'other'. */
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    reporter_id: text('reporter_id').references(() => authUser.id, { onDelete: 'set null' }),
    /** A hash of the reporter's address (never the address), for the anonymous rate limit. */
    client_key: text('client_key').notNull(),
    /** 'open' | 'upheld' | 'dismissed'. */
    status: text('status').notNull().default('open'),
    resolved_by: text('resolved_by'),
    resolved_at: at('resolved_at'),
    created_at: at('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('library_reports_status_idx').on(t.status, t.created_at),
    index('library_reports_setting_idx').on(t.setting_id),
  ],
);

/** Who did what in curation (item 8), newest first. */
export const library_audit = pgTable(
  'library_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The user id, or null for an ADMIN_TOKEN script. */
    actor_id: text('actor_id'),
    /** What the log shows: the administrator's email, or 'admin token'. */
    actor_label: text('actor_label').notNull(),
    /** 'approve', 'reject', 'edit', 'merge', 'feature', 'unfeature', 'report-upheld', … */
    action: text('action').notNull(),
    target_kind: text('target_kind').notNull(),
    target_id: text('target_id').notNull(),
    detail: jsonb('detail'),
    created_at: at('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('library_audit_created_idx').on(t.created_at.desc())],
);

/** A signed-in piper's sets, medleys and band setlists (item 7). */
export const playlists = pgTable(
  'playlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    owner_id: text('owner_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'set' | 'medley' | 'setlist' | 'list'. */
    kind: text('kind').notNull().default('set'),
    /** The read-only link's secret (null: not shared, or revoked). */
    share_token: text('share_token').unique(),
    created_at: at('created_at')
      .notNull()
      .default(sql`now()`),
    updated_at: at('updated_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('playlists_owner_idx').on(t.owner_id, t.updated_at.desc())],
);

export const playlist_items = pgTable(
  'playlist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playlist_id: uuid('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** A library setting; null for the owner's own file (then title and bww are set). */
    setting_id: uuid('setting_id').references(() => library_settings.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    bww: text('bww'),
    /** Beats per minute chosen for this item (null: the tune's own). */
    tempo: integer('tempo'),
    repeats: integer('repeats').notNull().default(1),
    created_at: at('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('playlist_items_position_idx').on(t.playlist_id, t.position)],
);
