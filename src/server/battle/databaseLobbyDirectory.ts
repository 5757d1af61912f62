/**
 * The shared Battle lobby in the database (issue 17 item 5; table battle_lobby, migration
 * 0012): used when instances share a PostgreSQL database. A quick-match claim locks the
 * claimer's row and the partner's with FOR UPDATE SKIP LOCKED and deletes both in one
 * transaction, so two instances sweeping at once never take the same player (one of them just
 * finds nobody this sweep and tries again a second later).
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { battle_lobby } from '../db/schema/battle.ts';
import type { LobbyDirectory, QuickEntry } from './lobbyDirectory.ts';

/**
 * Rows older than this are left-overs of an instance that died without clearing them (rooms
 * close after 10 minutes unjoined anyway): never offered.
 */
const fresh = sql`${battle_lobby.created_at} > now() - interval '15 minutes'`;

const entryColumns = {
  id: battle_lobby.id,
  instance: battle_lobby.instance,
  level: battle_lobby.level,
  identity: battle_lobby.identity,
  rating: battle_lobby.rating,
};

export function databaseLobbyDirectory(database: Database): LobbyDirectory {
  const { db } = database;
  return {
    async addRoom(code, instance) {
      const rows = await db
        .insert(battle_lobby)
        .values({ id: `room:${code}`, kind: 'room', code, instance, level: 0, identity: '' })
        .onConflictDoNothing()
        .returning({ id: battle_lobby.id });
      return rows.length === 1;
    },
    async findRoom(code) {
      const [row] = await db
        .select({ instance: battle_lobby.instance })
        .from(battle_lobby)
        .where(and(eq(battle_lobby.code, code), fresh));
      return row?.instance ?? null;
    },
    async removeRoom(code) {
      await db.delete(battle_lobby).where(and(eq(battle_lobby.code, code), fresh));
    },
    async addQuick(entry) {
      await db.insert(battle_lobby).values({ ...entry, kind: 'quick' });
    },
    async removeQuick(id) {
      const rows = await db
        .delete(battle_lobby)
        .where(eq(battle_lobby.id, id))
        .returning({ id: battle_lobby.id });
      return rows.length === 1;
    },
    async claim(mine: QuickEntry, band: number) {
      return db.transaction(async (tx) => {
        const [me] = await tx
          .select({ id: battle_lobby.id })
          .from(battle_lobby)
          .where(eq(battle_lobby.id, mine.id))
          .for('update', { skipLocked: true });
        if (!me) return 'gone' as const;
        const [partner] = await tx
          .select(entryColumns)
          .from(battle_lobby)
          .where(
            and(
              eq(battle_lobby.kind, 'quick'),
              eq(battle_lobby.level, mine.level),
              ne(battle_lobby.id, mine.id),
              ne(battle_lobby.identity, mine.identity),
              sql`abs(${battle_lobby.rating} - ${mine.rating}) <= ${band}`,
              fresh,
            ),
          )
          .orderBy(asc(battle_lobby.created_at))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!partner) return null;
        await tx.delete(battle_lobby).where(sql`${battle_lobby.id} in (${mine.id}, ${partner.id})`);
        return partner;
      });
    },
    async clearInstance(instance) {
      await db.delete(battle_lobby).where(eq(battle_lobby.instance, instance));
    },
  };
}
