/**
 * The few facts of one band that the server writes into its page's HTML head and its practice
 * calendar (issue 16 item 4), read only when `viewer` may see the band: listed, or one of its
 * managers, or an administrator. The columns are named one by one: `contact_email` is never
 * read here (item 1: the address never reaches a browser).
 */
import { eq } from 'drizzle-orm';
import type { Practice } from '../../../contracts/directory/directorySchemas.ts';
import type { BandGrade } from '../../../contracts/directory/directoryTerms.ts';
import type { Db } from '../../db/client.ts';
import { band_logos, bands } from '../../db/schema/index.ts';
import { isListed, managesBand, type ListingViewer } from './listingViewer.ts';
import { isUuid } from '../../../contracts/uuid.ts';

export interface ViewedBand {
  readonly id: string;
  readonly name: string;
  readonly grade: BandGrade;
  readonly town: string;
  readonly country: string;
  readonly description: string;
  /** The venue when the band shows it exactly, else the town (rounded places, item 2). */
  readonly location: string;
  readonly practice: readonly Practice[];
  /** The logo's content hash, or null without a logo. */
  readonly logoEtag: string | null;
  readonly updatedAt: string;
  /** Listed for everyone (false: a manager or administrator looking at a hidden one). */
  readonly listed: boolean;
}

export async function bandForViewer(
  db: Db,
  bandId: string,
  viewer: ListingViewer,
  now = Date.now(),
): Promise<ViewedBand | null> {
  if (!isUuid(bandId)) return null;
  const [row] = await db
    .select({
      id: bands.id,
      name: bands.name,
      grade: bands.grade,
      town: bands.town,
      country: bands.country,
      venue: bands.venue,
      exact: bands.exact_location,
      description: bands.description,
      practice: bands.practice,
      status: bands.status,
      confirmedAt: bands.confirmed_at,
      updatedAt: bands.updated_at,
      logo: band_logos.etag,
    })
    .from(bands)
    .leftJoin(band_logos, eq(band_logos.band_id, bands.id))
    .where(eq(bands.id, bandId));
  if (!row) return null;
  const listed = isListed(row, now);
  if (!listed && !viewer.admin && !(await managesBand(db, row.id, viewer.userId))) return null;
  return {
    id: row.id,
    name: row.name,
    grade: row.grade as BandGrade,
    town: row.town,
    country: row.country,
    description: row.description,
    location: row.exact
      ? `${row.venue}, ${row.town}, ${row.country}`
      : `${row.town}, ${row.country}`,
    practice: row.practice as Practice[],
    logoEtag: row.logo,
    updatedAt: row.updatedAt,
    listed,
  };
}
