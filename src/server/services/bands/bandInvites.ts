/**
 * Co-manager invitations (issue 16 items 1 and 3: 'the users who manage it — the registrant,
 * plus co-managers they invite by email'). The link carries a random token; only its SHA-256 is
 * stored, so a database reader cannot accept an invitation. It lasts DIRECTORY_LIMITS.inviteDays
 * and is accepted only by a signed-in user whose verified account address is the invited one —
 * a forwarded link is useless to anyone else. A band has at most managersMax managers, open
 * invitations counted.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ManagedBand } from '../../../contracts/directory/bandRoutes.ts';
import { bandMessages } from '../../../contracts/directory/bandMessages.ts';
import {
  DIRECTORY_LIMITS,
  directoryMessages as m,
} from '../../../contracts/directory/directoryTerms.ts';
import { paths } from '../../../contracts/routes.ts';
import type { Database } from '../../db/client.ts';
import { authUser, band_invites, band_managers } from '../../db/schema/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { ApiError, badRequest, forbidden, notFound } from '../errors.ts';
import { refuseUnlessManager, roleOf, type BandViewer } from './bandAccess.ts';
import { writeBandAudit } from './bandAudit.ts';
import { readBandRow } from './bandRows.ts';
import { managedBand } from './managedBand.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InviteDeps {
  readonly database: Database;
  readonly mailer: Pick<Mailer, 'send'>;
  /** The site's origin for the mailed link. */
  readonly siteUrl: string;
  readonly now?: () => Date;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function inviteLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${paths.bandProfile}?invite=${encodeURIComponent(token)}`;
}

async function seatsTaken(db: Database['db'], bandId: string, now: Date): Promise<number> {
  const [managers] = await db
    .select({ n: count() })
    .from(band_managers)
    .where(eq(band_managers.band_id, bandId));
  const [open] = await db
    .select({ n: count() })
    .from(band_invites)
    .where(
      and(
        eq(band_invites.band_id, bandId),
        isNull(band_invites.accepted_at),
        gt(band_invites.expires_at, now.toISOString()),
      ),
    );
  return Number(managers?.n ?? 0) + Number(open?.n ?? 0);
}

export async function inviteManager(
  deps: InviteDeps,
  viewer: BandViewer,
  bandId: string,
  rawEmail: string,
): Promise<ManagedBand> {
  const now = deps.now?.() ?? new Date();
  const db = deps.database.db;
  const email = rawEmail.trim().toLowerCase();
  const row = await readBandRow(db, bandId);
  if (!row) throw notFound(m.notFound);
  refuseUnlessManager(row, await roleOf(db, bandId, viewer.userId), viewer, now);
  const [already] = await db
    .select({ id: band_managers.user_id })
    .from(band_managers)
    .innerJoin(authUser, eq(authUser.id, band_managers.user_id))
    .where(and(eq(band_managers.band_id, bandId), sql`lower(${authUser.email}) = ${email}`))
    .limit(1);
  if (already) throw badRequest(`email: ${bandMessages.alreadyManager}`, 'validation');
  // A new invitation to the same address replaces the old one (a lost mail, a new week).
  await db
    .delete(band_invites)
    .where(
      and(
        eq(band_invites.band_id, bandId),
        eq(band_invites.email, email),
        isNull(band_invites.accepted_at),
      ),
    );
  if ((await seatsTaken(db, bandId, now)) >= DIRECTORY_LIMITS.managersMax) {
    throw new ApiError(409, 'too_many_managers', bandMessages.tooManyManagers);
  }
  const token = randomBytes(32).toString('base64url');
  await db.insert(band_invites).values({
    band_id: bandId,
    email,
    token_hash: hashToken(token),
    invited_by: viewer.userId,
    expires_at: new Date(now.getTime() + DIRECTORY_LIMITS.inviteDays * DAY_MS).toISOString(),
  });
  await writeBandAudit(db, { actorId: viewer.userId, action: 'invite', bandId, detail: email });
  const link = inviteLink(deps.siteUrl, token);
  await deps.mailer.send({
    to: email,
    subject: bandMessages.inviteSubject(row.name),
    text:
      `You have been invited to help manage the listing of ${row.name} on Chanterlab's band finder.\n\n` +
      `Sign in with this address (${email}) and open this link within ${DIRECTORY_LIMITS.inviteDays} days to accept:\n${link}\n\n` +
      `If you did not expect this, you can ignore this email.`,
  });
  return managedBand(db, bandId, now);
}

export async function cancelInvite(
  deps: Pick<InviteDeps, 'database' | 'now'>,
  viewer: BandViewer,
  bandId: string,
  inviteId: string,
): Promise<ManagedBand> {
  const now = deps.now?.() ?? new Date();
  const db = deps.database.db;
  const row = await readBandRow(db, bandId);
  if (!row) throw notFound(m.notFound);
  refuseUnlessManager(row, await roleOf(db, bandId, viewer.userId), viewer, now);
  const gone = await db
    .delete(band_invites)
    .where(
      and(
        eq(band_invites.id, inviteId),
        eq(band_invites.band_id, bandId),
        isNull(band_invites.accepted_at),
      ),
    )
    .returning({ email: band_invites.email });
  if (gone.length === 0) throw notFound(bandMessages.inviteNotFound);
  await writeBandAudit(db, {
    actorId: viewer.userId,
    action: 'cancel-invite',
    bandId,
    detail: gone[0]!.email,
  });
  return managedBand(db, bandId, now);
}

export async function acceptInvite(
  deps: Pick<InviteDeps, 'database' | 'now'>,
  userId: string,
  token: string,
): Promise<ManagedBand> {
  const now = deps.now?.() ?? new Date();
  const db = deps.database.db;
  const [invite] = await db
    .select()
    .from(band_invites)
    .where(eq(band_invites.token_hash, hashToken(token)))
    .limit(1);
  if (!invite || invite.accepted_at || new Date(invite.expires_at) <= now) {
    throw new ApiError(410, 'invite_invalid', m.inviteInvalid);
  }
  const [account] = await db
    .select({ email: authUser.email, verified: authUser.emailVerified })
    .from(authUser)
    .where(eq(authUser.id, userId))
    .limit(1);
  if (!account || account.email.toLowerCase() !== invite.email) {
    throw forbidden(m.inviteWrongAccount, 'invite_wrong_account');
  }
  if (!account.verified) throw forbidden(bandMessages.inviteUnverified, 'invite_unverified');
  return db.transaction(async (tx) => {
    const taken = await tx
      .update(band_invites)
      .set({ accepted_at: now.toISOString() })
      .where(and(eq(band_invites.id, invite.id), isNull(band_invites.accepted_at)))
      .returning({ id: band_invites.id });
    if (taken.length === 0) throw new ApiError(410, 'invite_invalid', m.inviteInvalid);
    const [managers] = await tx
      .select({ n: count() })
      .from(band_managers)
      .where(eq(band_managers.band_id, invite.band_id));
    if (Number(managers?.n ?? 0) >= DIRECTORY_LIMITS.managersMax) {
      throw new ApiError(409, 'too_many_managers', bandMessages.tooManyManagers);
    }
    await tx
      .insert(band_managers)
      .values({ band_id: invite.band_id, user_id: userId, role: 'manager' })
      .onConflictDoNothing();
    await writeBandAudit(tx, {
      actorId: userId,
      action: 'accept-invite',
      bandId: invite.band_id,
      detail: invite.email,
    });
    return managedBand(tx, invite.band_id, now);
  });
}
