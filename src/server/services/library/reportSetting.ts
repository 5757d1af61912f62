/**
 * Anyone may report a setting (issue 15 item 3): wrong notes, copyright, something else. A
 * copyright report hides the setting at once (a curator reviews it, item 8); the others wait
 * in the queue. A caller's repeated report of the same kind on the same setting is answered
 * but stored once; anonymous callers are known by a hash of their address (forms' client_key,
 * never the address), and the route caps reports per client per minute and per day.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { reportBodySchema } from '../../../contracts/library/libraryRoutes.ts';
import { libraryMessages } from '../../../contracts/library/libraryTerms.ts';
import type { Database } from '../../db/client.ts';
import { library_audit, library_reports, library_settings } from '../../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { clientKey } from '../formService.ts';
import { canSee, type Viewer } from './visibleSettingFilter.ts';

type ReportBody = z.infer<typeof reportBodySchema>;

export async function reportSetting(
  database: Database,
  viewer: Viewer,
  settingId: string,
  body: ReportBody,
  client: { address: string; beforeStore: () => Promise<void> },
): Promise<{ received: true }> {
  const [setting] = await database.db
    .select()
    .from(library_settings)
    .where(eq(library_settings.id, settingId));
  if (!setting || !canSee(viewer, setting)) throw notFound(libraryMessages.notFound);
  const key = clientKey(client.address);
  const [already] = await database.db
    .select({ id: library_reports.id })
    .from(library_reports)
    .where(
      and(
        eq(library_reports.setting_id, setting.id),
        eq(library_reports.kind, body.kind),
        eq(library_reports.status, 'open'),
        viewer.userId
          ? or(eq(library_reports.reporter_id, viewer.userId), eq(library_reports.client_key, key))
          : eq(library_reports.client_key, key),
      ),
    )
    .limit(1);
  if (already) return { received: true };
  await client.beforeStore();
  await database.db.transaction(async (tx) => {
    await tx.insert(library_reports).values({
      setting_id: setting.id,
      kind: body.kind,
      message: body.message,
      reporter_id: viewer.userId,
      client_key: key,
    });
    if (body.kind !== 'copyright') return;
    const hidden = await tx
      .update(library_settings)
      // What it was is kept, so a curator who dismisses the report gives it back (item 8).
      .set({
        hidden_from: sql`${library_settings.visibility}`,
        visibility: 'hidden',
        updated_at: sql`now()`,
      })
      .where(
        and(
          eq(library_settings.id, setting.id),
          inArray(library_settings.visibility, ['public', 'pending']),
        ),
      )
      .returning({ id: library_settings.id });
    if (hidden.length > 0) {
      // The curators' log says why it went (item 8), and what it was before.
      await tx.insert(library_audit).values({
        actor_id: viewer.userId,
        actor_label: 'copyright report',
        action: 'hide',
        target_kind: 'setting',
        target_id: setting.id,
        detail: { was: setting.visibility, reason: 'copyright report' },
      });
    }
  });
  return { received: true };
}
