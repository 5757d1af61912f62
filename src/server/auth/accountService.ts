/**
 * The signed-in user's own account and the administrators' user list (issue 8 part 1). Every
 * function takes the caller's identity from the session, never from the request body, so
 * nobody reads or changes another user's data; admin functions are called only after the
 * route checked the actor.
 */
import { and, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { AdminUserRow, Profile, RoleName } from '../../contracts/account.ts';
import { rolesOf } from '../../contracts/account.ts';
import type { HighScore } from '../../contracts/scores.ts';
import type { Database } from '../db/client.ts';
import { authUser, mail_outbox, tblblasterhighscore } from '../db/schema/index.ts';
import { scoresChanged } from '../services/scoreEvents.ts';
import { scoresByUser } from '../services/scoreService.ts';
import { notFound } from '../services/errors.ts';
import { forgetUploader } from '../services/library/forgetUploader.ts';
import { handOverBands } from '../services/bands/handOverBands.ts';
import type { SessionUser } from './actor.ts';

export function profileOf(user: SessionUser): Profile {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    initials: user.initials,
    roles: user.roles,
    localUserId: user.localUserId,
    createdAt: user.createdAt,
  };
}

export async function updateInitials(database: Database, userId: string, initials: string) {
  await database.db
    .update(authUser)
    .set({ initials: initials || null, updatedAt: new Date() })
    .where(eq(authUser.id, userId));
}

/** The account's scores and, when a device id is given, that device's unclaimed scores. */
export async function accountScores(
  database: Database,
  user: SessionUser,
): Promise<readonly HighScore[]> {
  return scoresByUser(database, { userId: user.id, limit: 100 });
}

/**
 * Gives the account this device's anonymous scores (issue 8 'anonymous scores from this device
 * can be claimed'). Each score is claimed only with its proof: the id of the game session it was
 * submitted through, which only the submitting device knows (public rows show the device id,
 * never the session). So copying a device id off the leaderboard claims nothing, and a score
 * someone else forged under that id does not let them take the rest. The device is recorded as
 * linked once at least one of its scores is the account's; an account owns no other rows of it.
 */
export async function claimDeviceScores(
  database: Database,
  user: SessionUser,
  localUserId: string,
  sessionIds: readonly string[],
): Promise<{ claimed: number }> {
  if (sessionIds.length === 0) return { claimed: 0 };
  const proven = inArray(tblblasterhighscore.session_id, [...sessionIds]);
  const device = eq(tblblasterhighscore.local_user_id, localUserId);
  const claimed = await database.db
    .update(tblblasterhighscore)
    .set({ user_id: user.id })
    .where(and(device, proven, isNull(tblblasterhighscore.user_id)))
    .returning({ id: tblblasterhighscore.id });
  const [owned] = await database.db
    .select({ id: tblblasterhighscore.id })
    .from(tblblasterhighscore)
    .where(and(device, proven, eq(tblblasterhighscore.user_id, user.id)))
    .limit(1);
  if (owned) {
    await database.db
      .update(authUser)
      .set({ localUserId, updatedAt: new Date() })
      .where(eq(authUser.id, user.id));
  }
  if (claimed.length > 0) scoresChanged(database);
  return { claimed: claimed.length };
}

/**
 * Deletes the account (issue 8 'removes personal data, keeps anonymised scores'): the user
 * row with its sessions and sign-in accounts (foreign keys cascade), mail kept for the
 * address in the outbox, and every link from scores to the person — the scores stay on the
 * leaderboards without user id, device id or initials.
 */
export async function deleteAccount(database: Database, user: SessionUser): Promise<void> {
  await database.db.transaction(async (tx) => {
    // Only the account's own rows: a linked device's other rows were never proven to be its.
    await tx
      .update(tblblasterhighscore)
      .set({ user_id: null, local_user_id: null, struserinitials: null })
      .where(eq(tblblasterhighscore.user_id, user.id));
    await tx.delete(mail_outbox).where(eq(mail_outbox.to_address, user.email.toLowerCase()));
    // Library uploads: unshared ones go, public ones stay without an uploader (issue 15.3).
    await forgetUploader(tx, user.id);
    // Bands pass to a co-manager, or are hidden when none is left (issue 16 item 7).
    await handOverBands(tx, user.id);
    await tx.delete(authUser).where(eq(authUser.id, user.id));
  });
  scoresChanged(database);
}

function adminRow(row: typeof authUser.$inferSelect): AdminUserRow {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: rolesOf(row),
    banned: rolesOf(row).includes('banned'),
    banReason: row.banReason,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listUsers(
  database: Database,
  query: { search?: string | undefined; offset: number; limit: number },
): Promise<{ users: AdminUserRow[]; total: number }> {
  const where = query.search
    ? ilike(authUser.email, `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    : undefined;
  const rows = await database.db
    .select()
    .from(authUser)
    .where(where)
    .orderBy(desc(authUser.createdAt), authUser.id)
    .limit(query.limit)
    .offset(query.offset);
  const [count] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(authUser)
    .where(where);
  return { users: rows.map(adminRow), total: Number(count?.n ?? 0) };
}

async function updateUser(
  database: Database,
  id: string,
  values: Partial<typeof authUser.$inferInsert>,
): Promise<AdminUserRow> {
  const [row] = await database.db
    .update(authUser)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(authUser.id, id))
    .returning();
  if (!row) throw notFound('No such user', 'user_not_found');
  return adminRow(row);
}

/**
 * A ban keeps the user's sessions (unlike the admin plugin's own ban) so the app can tell
 * the user and show /blocked (spec §4); the server refuses the user's calls (auth/actor.ts),
 * and the admin plugin refuses new sessions while the ban holds.
 */
export const banUser = (database: Database, id: string, reason: string | undefined) =>
  updateUser(database, id, { banned: true, banReason: reason || null, banExpires: null });

export const unbanUser = (database: Database, id: string) =>
  updateUser(database, id, { banned: false, banReason: null, banExpires: null });

export const setRole = (database: Database, id: string, role: RoleName) =>
  updateUser(database, id, { role });
