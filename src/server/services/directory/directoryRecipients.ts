/**
 * 'Contact this band' and contacting a tutor go through the Send Email relay (issue 16 items 1,
 * 4, 5): the browser names `band:{bandId}` or `tutor:{tutorId}` and the address is looked up
 * here, only for a listed band or tutor, and never leaves the server. A band's message goes to
 * its contact address, with a copy to each of its managers' account addresses (they run the
 * listing); a tutor's to their account address. The relay's human check and limits apply.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authUser, band_managers, bands, tutors } from '../../db/schema/index.ts';
import type { Recipient, RecipientLookup } from '../emailRelayService.ts';
import { listedWhere } from './listingViewer.ts';
import { isUuid } from '../../../contracts/uuid.ts';

export const BAND_RECIPIENT_PREFIX = 'band:';
export const TUTOR_RECIPIENT_PREFIX = 'tutor:';

async function bandRecipient(db: Db, bandId: string): Promise<Recipient | null> {
  const [band] = await db
    .select({ name: bands.name, email: bands.contact_email })
    .from(bands)
    .where(and(eq(bands.id, bandId), listedWhere(bands)));
  if (!band) return null;
  const managers = await db
    .select({ email: authUser.email })
    .from(band_managers)
    .innerJoin(authUser, eq(authUser.id, band_managers.user_id))
    .where(eq(band_managers.band_id, bandId));
  const contact = band.email.toLowerCase();
  const copies = [...new Set(managers.map((m) => m.email.toLowerCase()))].filter(
    (email) => email !== contact,
  );
  return { name: band.name, email: band.email, copies };
}

async function tutorRecipient(db: Db, tutorId: string): Promise<Recipient | null> {
  const [tutor] = await db
    .select({ name: tutors.display_name, email: authUser.email })
    .from(tutors)
    .innerJoin(authUser, eq(authUser.id, tutors.user_id))
    .where(and(eq(tutors.id, tutorId), listedWhere(tutors)));
  return tutor ?? null;
}

/** Resolves band and tutor ids; anything else is left to `next` (e.g. the site owner). */
export function directoryRecipients(db: Db, next: RecipientLookup): RecipientLookup {
  return async (id) => {
    const bandId = id.startsWith(BAND_RECIPIENT_PREFIX) ? id.slice(5) : null;
    if (bandId !== null) return isUuid(bandId) ? bandRecipient(db, bandId) : null;
    const tutorId = id.startsWith(TUTOR_RECIPIENT_PREFIX) ? id.slice(6) : null;
    if (tutorId !== null) return isUuid(tutorId) ? tutorRecipient(db, tutorId) : null;
    return next(id);
  };
}
