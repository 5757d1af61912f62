/**
 * Playlists (issue 15 item 7): a signed-in piper's sets, medleys and band setlists of library
 * settings and their own BWW files, shared read-only by an unguessable link. Only the owner
 * reads or changes a playlist (anyone else gets the same 404 as for a playlist that does not
 * exist, so ids reveal nothing); a library setting the viewer may not see (deleted, hidden
 * after a copyright report, private, pending) is listed as unavailable without its music.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type {
  AddItemBody,
  Playlist,
  PlaylistItem,
  PlaylistSummary,
  SharedPlaylist,
} from '../../../contracts/library/playlistRoutes.ts';
import { TUNE_TYPES, type TuneType } from '../../../contracts/library/libraryTerms.ts';
import {
  PLAYLIST_LIMITS,
  playlistMessages,
  type PlaylistKind,
} from '../../../contracts/library/playlistTerms.ts';
import type { Database, Db } from '../../db/client.ts';
import {
  authUser,
  library_settings,
  library_tunes,
  playlist_items,
  playlists,
} from '../../db/schema/index.ts';
import { ApiError, badRequest, notFound } from '../errors.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Row = typeof playlists.$inferSelect;

/** 32 random bytes: 256 bits, far past guessing (the issue asks ≥ 128). */
export function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

const asType = (value: string | null): TuneType | null =>
  value && (TUNE_TYPES as readonly string[]).includes(value) ? (value as TuneType) : null;

/** The playlist if `ownerId` owns it; otherwise the same 404 as a missing one. */
async function owned(db: Db | Tx, ownerId: string, playlistId: string, lock = false) {
  const query = db
    .select()
    .from(playlists)
    .where(and(eq(playlists.id, playlistId), eq(playlists.owner_id, ownerId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(playlistMessages.notFound);
  return row;
}

/** The items of a playlist as `viewerId` may see them (null: an anonymous link holder). */
async function itemsOf(db: Db | Tx, playlistId: string, viewerId: string | null) {
  const rows = await db
    .select({
      id: playlist_items.id,
      position: playlist_items.position,
      settingId: playlist_items.setting_id,
      title: playlist_items.title,
      bww: playlist_items.bww,
      type: playlist_items.type,
      tempo: playlist_items.tempo,
      repeats: playlist_items.repeats,
      settingBww: library_settings.bww,
      visibility: library_settings.visibility,
      uploaderId: library_settings.uploader_id,
      tuneType: library_tunes.type,
      tuneSlug: library_tunes.slug,
    })
    .from(playlist_items)
    .leftJoin(library_settings, eq(library_settings.id, playlist_items.setting_id))
    .leftJoin(library_tunes, eq(library_tunes.id, library_settings.tune_id))
    .where(eq(playlist_items.playlist_id, playlistId))
    .orderBy(asc(playlist_items.position), asc(playlist_items.created_at));
  return rows.map((r): PlaylistItem => {
    // An own file keeps its music in the item; a library item whose setting was deleted has
    // neither (setting_id was set null by the foreign key) and is unavailable.
    if (r.settingId === null && r.bww !== null) {
      return {
        id: r.id,
        position: r.position,
        source: 'file',
        settingId: null,
        tuneSlug: null,
        title: r.title,
        type: asType(r.type),
        tempo: r.tempo,
        repeats: r.repeats,
        available: true,
        bww: r.bww,
      };
    }
    const visible =
      r.settingBww !== null &&
      (r.visibility === 'public' || (viewerId !== null && r.uploaderId === viewerId));
    return {
      id: r.id,
      position: r.position,
      source: 'library',
      settingId: r.settingId,
      tuneSlug: visible ? r.tuneSlug : null,
      title: r.title,
      type: visible ? asType(r.tuneType) : null,
      tempo: r.tempo,
      repeats: r.repeats,
      available: visible,
      bww: visible ? r.settingBww : null,
    };
  });
}

function summaryOf(row: Row, itemCount: number): PlaylistSummary {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as PlaylistKind,
    itemCount,
    shared: row.share_token !== null,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

async function fullOf(db: Db | Tx, row: Row, viewerId: string): Promise<Playlist> {
  const items = await itemsOf(db, row.id, viewerId);
  return { ...summaryOf(row, items.length), items, shareToken: row.share_token };
}

async function touch(db: Db | Tx, playlistId: string): Promise<Row> {
  const [row] = await db
    .update(playlists)
    .set({ updated_at: sql`now()` })
    .where(eq(playlists.id, playlistId))
    .returning();
  return row!;
}

export async function listPlaylists(
  database: Database,
  ownerId: string,
): Promise<{ playlists: PlaylistSummary[] }> {
  const rows = await database.db
    .select({ playlist: playlists, items: count(playlist_items.id) })
    .from(playlists)
    .leftJoin(playlist_items, eq(playlist_items.playlist_id, playlists.id))
    .where(eq(playlists.owner_id, ownerId))
    .groupBy(playlists.id)
    .orderBy(desc(playlists.updated_at), asc(playlists.id));
  return { playlists: rows.map((r) => summaryOf(r.playlist, Number(r.items))) };
}

/** Creates a playlist; the owner's row is locked so two requests cannot pass the bound. */
async function insertPlaylist(tx: Tx, ownerId: string, name: string, kind: PlaylistKind) {
  await tx.select({ id: authUser.id }).from(authUser).where(eq(authUser.id, ownerId)).for('update');
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(playlists)
    .where(eq(playlists.owner_id, ownerId));
  if (Number(n) >= PLAYLIST_LIMITS.playlistsPerUser) {
    throw new ApiError(409, 'too_many_playlists', playlistMessages.tooManyPlaylists);
  }
  const [row] = await tx.insert(playlists).values({ owner_id: ownerId, name, kind }).returning();
  return row!;
}

export async function createPlaylist(
  database: Database,
  ownerId: string,
  body: { name: string; kind: PlaylistKind },
): Promise<Playlist> {
  return database.db.transaction(async (tx) => {
    const row = await insertPlaylist(tx, ownerId, body.name, body.kind);
    return { ...summaryOf(row, 0), items: [], shareToken: null };
  });
}

export async function getPlaylist(
  database: Database,
  ownerId: string,
  playlistId: string,
): Promise<Playlist> {
  return fullOf(database.db, await owned(database.db, ownerId, playlistId), ownerId);
}

export async function updatePlaylist(
  database: Database,
  ownerId: string,
  playlistId: string,
  patch: { name?: string | undefined; kind?: PlaylistKind | undefined },
): Promise<PlaylistSummary> {
  await owned(database.db, ownerId, playlistId);
  const [row] = await database.db
    .update(playlists)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.kind !== undefined ? { kind: patch.kind } : {}),
      updated_at: sql`now()`,
    })
    .where(eq(playlists.id, playlistId))
    .returning();
  const [{ n } = { n: 0 }] = await database.db
    .select({ n: count() })
    .from(playlist_items)
    .where(eq(playlist_items.playlist_id, playlistId));
  return summaryOf(row!, Number(n));
}

export async function deletePlaylist(database: Database, ownerId: string, playlistId: string) {
  await owned(database.db, ownerId, playlistId);
  await database.db.delete(playlists).where(eq(playlists.id, playlistId));
  return { deleted: true as const };
}

/** A library setting the caller may see (public, or their own upload), with its tune. */
async function visibleSetting(db: Db | Tx, settingId: string, viewerId: string) {
  const [row] = await db
    .select({ title: library_tunes.title })
    .from(library_settings)
    .innerJoin(library_tunes, eq(library_tunes.id, library_settings.tune_id))
    .where(
      and(
        eq(library_settings.id, settingId),
        sql`(${library_settings.visibility} = 'public' or ${library_settings.uploader_id} = ${viewerId})`,
      ),
    );
  if (!row) throw notFound(playlistMessages.settingNotFound);
  return row;
}

type NewItem = Omit<typeof playlist_items.$inferInsert, 'playlist_id' | 'position'>;

/** Appends items under the playlist's lock, so two requests cannot pass the bound. */
async function appendItems(tx: Tx, playlistId: string, items: readonly NewItem[]) {
  const [{ n, last } = { n: 0, last: null }] = await tx
    .select({ n: count(), last: max(playlist_items.position) })
    .from(playlist_items)
    .where(eq(playlist_items.playlist_id, playlistId));
  if (Number(n) + items.length > PLAYLIST_LIMITS.itemsPerPlaylist) {
    throw new ApiError(409, 'too_many_items', playlistMessages.tooManyItems);
  }
  if (items.length === 0) return [];
  const start = last === null ? 0 : Number(last) + 1;
  return tx
    .insert(playlist_items)
    .values(items.map((item, i) => ({ ...item, playlist_id: playlistId, position: start + i })))
    .returning({ id: playlist_items.id });
}

async function itemView(db: Db | Tx, playlistId: string, itemId: string, viewerId: string) {
  const item = (await itemsOf(db, playlistId, viewerId)).find((i) => i.id === itemId);
  if (!item) throw notFound(playlistMessages.itemNotFound);
  return item;
}

export async function addItem(
  database: Database,
  ownerId: string,
  playlistId: string,
  body: AddItemBody & { tempo: number | null; repeats: number },
): Promise<PlaylistItem> {
  return database.db.transaction(async (tx) => {
    await owned(tx, ownerId, playlistId, true);
    const item: NewItem =
      body.source === 'library'
        ? {
            setting_id: body.settingId,
            title: (await visibleSetting(tx, body.settingId, ownerId)).title,
            tempo: body.tempo,
            repeats: body.repeats,
          }
        : {
            title: body.title,
            bww: body.bww,
            type: body.type ?? null,
            tempo: body.tempo,
            repeats: body.repeats,
          };
    const [added] = await appendItems(tx, playlistId, [item]);
    await touch(tx, playlistId);
    return itemView(tx, playlistId, added!.id, ownerId);
  });
}

export async function updateItem(
  database: Database,
  ownerId: string,
  playlistId: string,
  itemId: string,
  patch: { tempo?: number | null | undefined; repeats?: number | undefined },
): Promise<PlaylistItem> {
  await owned(database.db, ownerId, playlistId);
  const changed = await database.db
    .update(playlist_items)
    .set({
      ...(patch.tempo !== undefined ? { tempo: patch.tempo } : {}),
      ...(patch.repeats !== undefined ? { repeats: patch.repeats } : {}),
    })
    .where(and(eq(playlist_items.id, itemId), eq(playlist_items.playlist_id, playlistId)))
    .returning({ id: playlist_items.id });
  if (changed.length === 0) throw notFound(playlistMessages.itemNotFound);
  await touch(database.db, playlistId);
  return itemView(database.db, playlistId, itemId, ownerId);
}

export async function removeItem(
  database: Database,
  ownerId: string,
  playlistId: string,
  itemId: string,
) {
  await owned(database.db, ownerId, playlistId);
  const gone = await database.db
    .delete(playlist_items)
    .where(and(eq(playlist_items.id, itemId), eq(playlist_items.playlist_id, playlistId)))
    .returning({ id: playlist_items.id });
  if (gone.length === 0) throw notFound(playlistMessages.itemNotFound);
  await touch(database.db, playlistId);
  return { deleted: true as const };
}

/** The new order names every item once: anything else (stale page, forged ids) is refused. */
export async function reorder(
  database: Database,
  ownerId: string,
  playlistId: string,
  itemIds: readonly string[],
): Promise<Playlist> {
  return database.db.transaction(async (tx) => {
    await owned(tx, ownerId, playlistId, true);
    const current = await tx
      .select({ id: playlist_items.id })
      .from(playlist_items)
      .where(eq(playlist_items.playlist_id, playlistId));
    const known = new Set(current.map((r) => r.id));
    if (
      itemIds.length !== known.size ||
      new Set(itemIds).size !== itemIds.length ||
      itemIds.some((id) => !known.has(id))
    ) {
      throw new ApiError(409, 'stale_order', playlistMessages.badOrder);
    }
    if (itemIds.length > 0) {
      await tx
        .update(playlist_items)
        .set({
          position: sql`case ${sql.join(
            itemIds.map((id, i) => sql`when ${playlist_items.id} = ${id}::uuid then ${i}::int`),
            sql` `,
          )} end`,
        })
        .where(inArray(playlist_items.id, [...itemIds]));
    }
    return fullOf(tx, await touch(tx, playlistId), ownerId);
  });
}

export async function sharePlaylist(database: Database, ownerId: string, playlistId: string) {
  const row = await owned(database.db, ownerId, playlistId);
  if (row.share_token) return { token: row.share_token };
  const token = newShareToken();
  await database.db
    .update(playlists)
    .set({ share_token: token, updated_at: sql`now()` })
    .where(eq(playlists.id, playlistId));
  return { token };
}

export async function unsharePlaylist(database: Database, ownerId: string, playlistId: string) {
  await owned(database.db, ownerId, playlistId);
  await database.db
    .update(playlists)
    .set({ share_token: null, updated_at: sql`now()` })
    .where(eq(playlists.id, playlistId));
  return { revoked: true as const };
}

async function byToken(db: Db | Tx, token: string): Promise<Row> {
  const [row] = await db.select().from(playlists).where(eq(playlists.share_token, token));
  if (!row) throw notFound(playlistMessages.linkNotFound);
  return row;
}

/** What a link shows: the name, kind and tunes; never the owner or their ids. */
export async function sharedPlaylist(
  database: Database,
  token: string,
  viewerId: string | null,
): Promise<SharedPlaylist> {
  const row = await byToken(database.db, token);
  const items = await itemsOf(database.db, row.id, viewerId);
  return {
    name: row.name,
    kind: row.kind as PlaylistKind,
    items: items.map(({ settingId: _settingId, ...item }) => item),
  };
}

/**
 * Copies a shared playlist to the caller: library items by reference (their visibility is
 * checked whenever the copy is read), own files with their music, tempo and repeats kept.
 */
export async function copyShared(
  database: Database,
  token: string,
  ownerId: string,
): Promise<Playlist> {
  return database.db.transaction(async (tx) => {
    const source = await byToken(tx, token);
    const items = await tx
      .select()
      .from(playlist_items)
      .where(eq(playlist_items.playlist_id, source.id))
      .orderBy(asc(playlist_items.position), asc(playlist_items.created_at));
    const copy = await insertPlaylist(tx, ownerId, source.name, source.kind as PlaylistKind);
    await appendItems(
      tx,
      copy.id,
      items.map((i) => ({
        setting_id: i.setting_id,
        title: i.title,
        bww: i.bww,
        type: i.type,
        tempo: i.tempo,
        repeats: i.repeats,
      })),
    );
    return fullOf(tx, copy, ownerId);
  });
}

/** For route handlers: a missing body field the schema let through is still a 400. */
export function requireSome(patch: Record<string, unknown>): void {
  if (Object.values(patch).every((v) => v === undefined)) throw badRequest('Nothing to change.');
}
