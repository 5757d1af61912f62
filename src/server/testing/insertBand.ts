/**
 * Test and benchmark helper: a band row written straight into the database (issue 16), so the
 * finder's tests need neither the registration form nor the moderation queue. Listed by default
 * (public, confirmed now).
 */
import { bands } from '../db/schema/index.ts';
import type { Database } from '../db/client.ts';

export type BandRow = typeof bands.$inferInsert;

export function bandRow(overrides: Partial<BandRow> & Pick<BandRow, 'name'>): BandRow {
  return {
    grade: 'grade-4',
    place_id: 2640358,
    town: 'Perth',
    country: 'GB',
    region: 'SCT',
    lat: 56.39522,
    lon: -3.43139,
    venue: 'The church hall',
    contact_email: `secret-${overrides.name.toLowerCase().replace(/\W+/g, '-')}@example.org`,
    status: 'public',
    ...overrides,
  };
}

export async function insertBands(database: Database, rows: readonly BandRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await database.db
    .insert(bands)
    .values([...rows])
    .returning({ id: bands.id });
  return inserted.map((row) => row.id);
}
