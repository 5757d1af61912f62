/**
 * Band and tutor rows for API tests (issue 16), inserted directly: the registration routes
 * belong to other slices, and a test of the band page or of moderation should not depend on
 * them. Every band gets a contact address tests can look for in answers.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

export interface BandRow {
  name?: string;
  status?: 'pending' | 'public' | 'rejected' | 'hidden';
  contactEmail?: string;
  ownerId?: string | null;
  managerIds?: string[];
  exact?: boolean;
  description?: string;
  practice?: { day: string; start: string; end: string }[];
  confirmedDaysAgo?: number;
  town?: string;
  country?: string;
  venue?: string;
}

export async function addBand(database: Database, row: BandRow = {}): Promise<string> {
  const [band] = await database.rows<{ id: string }>(
    sql`insert into bands (name, grade, association, branch, place_id, town, country, region, lat, lon,
          venue, venue_lat, venue_lon, exact_location, practice, recruiting, learner_programme,
          description, contact_email, status, confirmed_at, created_by)
        values (${row.name ?? 'Test Pipe Band'}, 'grade-4', 'RSPBA', 'Highland', 2646088,
          ${row.town ?? 'Inverness'}, ${row.country ?? 'GB'}, 'SCT', 57.47908, -4.22398,
          ${row.venue ?? 'Drill Hall, 12 Academy Street'}, 57.47931, -4.22571, ${row.exact ?? false},
          ${JSON.stringify(row.practice ?? [{ day: 'tue', start: '19:30', end: '21:30' }])}::jsonb,
          ${'{pipers,learners}'}::text[], true, ${row.description ?? 'We play for fun and compete in grade 4.'},
          ${row.contactEmail ?? 'secret-band-contact@example.net'}, ${row.status ?? 'public'},
          now() - make_interval(days => ${row.confirmedDaysAgo ?? 0}), ${row.ownerId ?? null})
        returning id`,
  );
  const id = band!.id;
  if (row.ownerId) {
    await database.rows(
      sql`insert into band_managers (band_id, user_id, role) values (${id}, ${row.ownerId}, 'owner')`,
    );
  }
  for (const userId of row.managerIds ?? []) {
    await database.rows(
      sql`insert into band_managers (band_id, user_id, role) values (${id}, ${userId}, 'manager')`,
    );
  }
  return id;
}

export async function addTutor(
  database: Database,
  userId: string,
  row: { name?: string; status?: string } = {},
): Promise<string> {
  const [tutor] = await database.rows<{ id: string }>(
    sql`insert into tutors (user_id, display_name, place_id, town, country, region, lat, lon, levels, status)
        values (${userId}, ${row.name ?? 'Test Tutor'}, 2643743, 'London', 'GB', 'ENG', 51.50853, -0.12574,
          ${'{beginner}'}::text[], ${row.status ?? 'pending'})
        returning id`,
  );
  return tutor!.id;
}
