/**
 * The band page's read (issue 16 item 4; 'Done when': a hidden band's page is gone for everyone
 * but its managers and administrators). Anyone else asking for a band that is not listed gets
 * the same 404 as for an id that never existed.
 */
import type { Band } from '../../../contracts/directory/bandRoutes.ts';
import { directoryMessages } from '../../../contracts/directory/directoryTerms.ts';
import { notFound } from '../errors.ts';
import { maySee, roleOf, type BandViewer } from './bandAccess.ts';
import { bandAnswer, readBandRow, type Reader } from './bandRows.ts';

export async function bandPage(
  db: Reader,
  viewer: BandViewer,
  bandId: string,
  now: Date = new Date(),
): Promise<Band> {
  const row = await readBandRow(db, bandId);
  const role = row ? await roleOf(db, bandId, viewer.userId) : null;
  if (!row || !maySee(row, role, viewer, now)) throw notFound(directoryMessages.notFound);
  return bandAnswer(db, row, { manage: role !== null || viewer.admin, now });
}

/** True when `viewer` may see the band (for resources beside the page: logo, calendar). */
export async function mayViewBand(
  db: Reader,
  viewer: BandViewer,
  bandId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const row = await readBandRow(db, bandId);
  if (!row) return false;
  return maySee(row, await roleOf(db, bandId, viewer.userId), viewer, now);
}
