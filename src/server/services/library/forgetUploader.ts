/**
 * Account deletion's part in the library (issue 15 item 3; issue 8 'removes personal data'):
 * the piper's private, pending, rejected and hidden settings go with the account; public ones
 * stay, their licence having been granted to everyone, with no uploader (the foreign key sets
 * it to null when the user row goes). A tune left with no setting goes too.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { library_settings, library_tunes } from '../../db/schema/index.ts';
import type { Writer } from './libraryRows.ts';

export async function forgetUploader(db: Writer, userId: string): Promise<void> {
  const gone = await db
    .delete(library_settings)
    .where(and(eq(library_settings.uploader_id, userId), ne(library_settings.visibility, 'public')))
    .returning({ tuneId: library_settings.tune_id });
  const tuneIds = [...new Set(gone.map((row) => row.tuneId))];
  if (tuneIds.length === 0) return;
  await db.execute(
    sql`delete from ${library_tunes} t
        where t.id in (${sql.join(
          tuneIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        and not exists (select 1 from ${library_settings} s where s.tune_id = t.id)`,
  );
}
