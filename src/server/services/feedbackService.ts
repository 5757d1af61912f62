/**
 * Feedback widget reports (spec §2.4, §5, §8 'Feedback widget'; issue 8 part 5): validated like
 * the forms, limited per client, stored, and forwarded to the site owner when mail is set up.
 */
import { and, count, desc, eq, gt } from 'drizzle-orm';
import { feedbackSchema, type StoredFeedback } from '../../contracts/monitoring.ts';
import type { Database } from '../db/client.ts';
import { feedback_reports } from '../db/schema/index.ts';
import { badRequest, tooManyRequests } from './errors.ts';
import { clientKey } from './formService.ts';
import type { OwnerMail } from './ownerMail.ts';

/** Per client: at most this many reports in FEEDBACK_WINDOW_MS (one person, a bad afternoon). */
export const FEEDBACK_PER_WINDOW = 5;
export const FEEDBACK_WINDOW_MS = 10 * 60 * 1000;
export const FEEDBACK_LIMIT_MESSAGE = 'Too many reports from your connection. Please try later.';

export async function submitFeedback(
  database: Database,
  body: unknown,
  client: {
    address: string;
    userAgent?: string | undefined;
    now?: number;
    /** Called once the report is valid, before it is stored: the daily cap (issue 13.10). */
    beforeStore?: () => Promise<void>;
  },
  ownerMail?: OwnerMail,
): Promise<{ id: number }> {
  const parsed = feedbackSchema.safeParse(body ?? {});
  if (!parsed.success) {
    throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request', 'validation');
  }
  const { db } = database;
  const now = client.now ?? Date.now();
  const key = clientKey(client.address);
  const since = new Date(now - FEEDBACK_WINDOW_MS).toISOString();
  const [recent] = await db
    .select({ n: count() })
    .from(feedback_reports)
    .where(and(eq(feedback_reports.client_key, key), gt(feedback_reports.created_at, since)));
  if (Number(recent?.n ?? 0) >= FEEDBACK_PER_WINDOW) {
    throw tooManyRequests(FEEDBACK_LIMIT_MESSAGE, FEEDBACK_WINDOW_MS / 1000);
  }
  await client.beforeStore?.();
  const value = parsed.data;
  const [row] = await db
    .insert(feedback_reports)
    .values({
      name: value.name || null,
      email: value.email || null,
      message: value.message,
      url: value.url || null,
      user_agent: client.userAgent?.slice(0, 500) ?? null,
      client_key: key,
      created_at: new Date(now).toISOString(),
    })
    .returning({ id: feedback_reports.id });
  await ownerMail?.forward({
    subject: 'Chanterlab bug report',
    replyTo: value.email || undefined,
    lines: [
      ['Name', value.name],
      ['Email', value.email],
      ['Page', value.url],
      ['Browser', client.userAgent],
      ['Description', value.message],
    ],
  });
  return { id: row?.id as number };
}

export async function listFeedback(
  database: Database,
  query: { limit: number; offset: number },
): Promise<{ data: StoredFeedback[]; count: number }> {
  const { db } = database;
  const rows = await db
    .select({
      id: feedback_reports.id,
      name: feedback_reports.name,
      email: feedback_reports.email,
      message: feedback_reports.message,
      url: feedback_reports.url,
      user_agent: feedback_reports.user_agent,
      created_at: feedback_reports.created_at,
    })
    .from(feedback_reports)
    .orderBy(desc(feedback_reports.created_at), desc(feedback_reports.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(feedback_reports);
  return { data: rows, count: Number(total?.n ?? 0) };
}
