/**
 * Browser error reports stored in our own database when no SENTRY_DSN is set (spec §7
 * 'Monitoring'; issue 8 part 6). The table is bounded: after each insert, rows beyond the newest
 * `keep` are deleted, so a page stuck in an error loop costs a fixed amount of disk.
 */
import { count, desc, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { clientErrorSchema, StoredClientError } from '../../contracts/monitoring.ts';
import type { Database } from '../db/client.ts';
import { client_errors } from '../db/schema/index.ts';

/** Default number of reports kept (CLIENT_ERROR_ROWS). */
export const DEFAULT_CLIENT_ERROR_ROWS = 1000;

type Report = z.output<typeof clientErrorSchema>;

export async function storeClientErrors(
  database: Database,
  reports: readonly Report[],
  meta: { userAgent?: string | undefined; keep: number },
): Promise<number> {
  const { db } = database;
  const rows = reports.map((r) => ({
    message: r.message,
    name: r.name,
    stack: r.stack ?? null,
    context: r.context,
    url: r.url ?? null,
    release: r.release ?? null,
    user_agent: meta.userAgent?.slice(0, 500) ?? null,
    reported_at: r.time,
  }));
  await db.insert(client_errors).values(rows);
  // Keep the newest `keep` rows: everything below the keep-th newest id goes.
  const [edge] = await db
    .select({ id: client_errors.id })
    .from(client_errors)
    .orderBy(desc(client_errors.id))
    .limit(1)
    .offset(meta.keep - 1);
  if (edge) await db.delete(client_errors).where(lt(client_errors.id, edge.id));
  return rows.length;
}

export async function listClientErrors(
  database: Database,
  query: { limit: number; offset: number },
): Promise<{ data: StoredClientError[]; count: number }> {
  const { db } = database;
  const rows = await db
    .select()
    .from(client_errors)
    .orderBy(desc(client_errors.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(client_errors);
  return { data: rows as StoredClientError[], count: Number(total?.n ?? 0) };
}

/** Rows in the table (tests). */
export async function countClientErrors(database: Database): Promise<number> {
  const [row] = await database.rows<{ n: number }>(
    sql`select count(*)::int as n from ${client_errors}`,
  );
  return Number(row?.n ?? 0);
}
