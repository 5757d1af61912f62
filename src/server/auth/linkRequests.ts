/**
 * Sign-in links per address (issue 8: 'rate-limited per address'): at most LINKS_PER_ADDRESS
 * in LINK_WINDOW_MINUTES for one address, whoever asks, so nobody can flood a mailbox. Only a
 * hash of the address is stored.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { auth_link_requests } from '../db/schema/index.ts';

export const LINKS_PER_ADDRESS = 3;
export const LINK_WINDOW_MINUTES = 15;

const hashOf = (email: string) =>
  createHash('sha256').update(`chanterlab-link:${email.trim().toLowerCase()}`).digest('hex');

/** The answer for one request: allowed, or refused until a slot frees up. */
export type LinkRequestVerdict =
  { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * Records a request for `email`, or refuses it when the address already had its share; the
 * refusal says when the oldest request in the window leaves it (Retry-After, issue 13).
 */
export async function allowLinkRequest(
  database: Database,
  email: string,
): Promise<LinkRequestVerdict> {
  const emailHash = hashOf(email);
  const window = sql`make_interval(mins => ${LINK_WINDOW_MINUTES})`;
  const [row] = await database.db
    .select({
      n: sql<number>`count(*)::int`,
      wait: sql<number>`ceil(extract(epoch from (min(${auth_link_requests.created_at}) + ${window} - now())))::int`,
    })
    .from(auth_link_requests)
    .where(
      and(
        eq(auth_link_requests.email_hash, emailHash),
        gt(auth_link_requests.created_at, sql`now() - ${window}`),
      ),
    );
  if (Number(row?.n ?? 0) >= LINKS_PER_ADDRESS) {
    return { allowed: false, retryAfterSeconds: Math.max(1, Number(row?.wait ?? 1)) };
  }
  await database.db.insert(auth_link_requests).values({ email_hash: emailHash });
  // Old rows are useless: drop them as new ones come in.
  await database.db
    .delete(auth_link_requests)
    .where(lt(auth_link_requests.created_at, sql`now() - interval '1 day'`));
  return { allowed: true };
}
