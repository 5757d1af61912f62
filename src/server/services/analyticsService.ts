/**
 * Our own analytics (spec §3 'Analytics events'; issue 8 part 7): events are stored as they
 * come, and the admin dashboard reads counts per day, per kind, the top features and pages.
 * Nothing identifies a visitor: no address, no id, only what the event says.
 */
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import {
  analyticsKinds,
  type AnalyticsEvent,
  type AnalyticsKind,
  type AnalyticsSummary,
} from '../../contracts/monitoring.ts';
import type { Database } from '../db/client.ts';
import { analytics_events } from '../db/schema/index.ts';

/** Events timestamped further than this from the server's clock are stored at the server's time. */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

export async function storeAnalyticsEvents(
  database: Database,
  events: readonly AnalyticsEvent[],
  now = Date.now(),
): Promise<number> {
  const rows = events.map((e) => {
    const at = Date.parse(e.timestamp);
    // A wrong browser clock must not put events on days that have not happened yet.
    const occurred = Math.abs(at - now) <= MAX_CLOCK_SKEW_MS ? at : now;
    return {
      kind: e.kind,
      category: e.kind === 'feature_usage' ? e.category : null,
      label: e.label,
      action: e.kind === 'feature_usage' ? e.action : null,
      message: e.kind === 'error' || e.kind === 'auth' ? (e.message ?? null) : null,
      component: e.kind === 'error' ? e.component : null,
      success: e.kind === 'form_submission' || e.kind === 'auth' ? e.success : null,
      app_version: e.app_version,
      occurred_at: new Date(occurred).toISOString(),
    };
  });
  await database.db.insert(analytics_events).values(rows);
  return rows.length;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function summarizeAnalytics(
  database: Database,
  query: { days: number },
  now = Date.now(),
): Promise<AnalyticsSummary> {
  const { db } = database;
  const firstDay = Date.parse(`${dayOf(now - (query.days - 1) * DAY_MS)}T00:00:00.000Z`);
  const since = new Date(firstDay).toISOString();
  const recent = gte(analytics_events.occurred_at, since);
  const day = sql<string>`to_char(${analytics_events.occurred_at} at time zone 'UTC', 'YYYY-MM-DD')`;

  const dayRows = await db
    .select({ day, n: count() })
    .from(analytics_events)
    .where(recent)
    .groupBy(day);
  const counts = new Map(dayRows.map((r) => [r.day, Number(r.n)]));
  const perDay = Array.from({ length: query.days }, (_, i) => {
    const d = dayOf(firstDay + i * DAY_MS);
    return { day: d, count: counts.get(d) ?? 0 };
  });

  const kindRows = await db
    .select({ kind: analytics_events.kind, n: count() })
    .from(analytics_events)
    .where(recent)
    .groupBy(analytics_events.kind);
  const byKind = Object.fromEntries(analyticsKinds.map((k) => [k, 0])) as Record<
    AnalyticsKind,
    number
  >;
  for (const r of kindRows) {
    if ((analyticsKinds as readonly string[]).includes(r.kind)) {
      byKind[r.kind as AnalyticsKind] = Number(r.n);
    }
  }

  const n = count();
  const features = await db
    .select({ label: analytics_events.label, action: analytics_events.action, n })
    .from(analytics_events)
    .where(and(recent, eq(analytics_events.kind, 'feature_usage')))
    .groupBy(analytics_events.label, analytics_events.action)
    .orderBy(desc(n), analytics_events.label)
    .limit(10);
  const pages = await db
    .select({ label: analytics_events.label, n })
    .from(analytics_events)
    .where(and(recent, eq(analytics_events.kind, 'page_view')))
    .groupBy(analytics_events.label)
    .orderBy(desc(n), analytics_events.label)
    .limit(10);

  return {
    days: query.days,
    perDay,
    byKind,
    topFeatures: features.map((f) => ({
      label: f.label,
      action: f.action ?? '',
      count: Number(f.n),
    })),
    topPages: pages.map((p) => ({ label: p.label, count: Number(p.n) })),
  };
}
