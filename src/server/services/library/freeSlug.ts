/**
 * A slug for a title that no other tune has: 'scotland-the-brave', then '…-2', '…-3'
 * (issue 15 item 8: a curator who renames a tune may ask for the new title's address).
 */
import { like, or, eq } from 'drizzle-orm';
import { library_tunes } from '../../db/schema/index.ts';
import { slugOf } from './tuneText.ts';
import type { DbOrTx } from './writeAudit.ts';

export async function freeSlug(db: DbOrTx, title: string): Promise<string> {
  const base = slugOf(title);
  const taken = new Set(
    (
      await db
        .select({ slug: library_tunes.slug })
        .from(library_tunes)
        .where(or(eq(library_tunes.slug, base), like(library_tunes.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
