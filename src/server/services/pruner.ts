/**
 * Retention (issue 13.10: tables anonymous callers grow were never cleaned; tblgamesession
 * kept every session). Each rule deletes what is older than its table's retention, in
 * batches of PRUNE_BATCH rows by primary key, so one run never holds a long lock. The deletes
 * are idempotent: several instances pruning at once delete each row once and otherwise find
 * nothing. Time is a parameter (`now`), so tests prune at a chosen instant.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Rows one DELETE removes; a run repeats it until a batch comes back short. */
export const PRUNE_BATCH = 5000;
/** Batches one rule may run per pass: 100,000 rows, the rest at the next run. */
export const PRUNE_MAX_BATCHES = 20;

export interface RetentionRule {
  readonly table: string;
  /** Primary key columns. */
  readonly key: readonly string[];
  /** What the README's retention table says. */
  readonly keeps: string;
  /** Rows that are due, at `now`. */
  readonly due: (now: Date) => SQL;
}

const before = (ms: number, now: Date) => new Date(now.getTime() - ms).toISOString();
const olderThan = (column: string, ms: number) => (now: Date) =>
  sql`${sql.identifier(column)} < ${before(ms, now)}`;

export const RETENTION: readonly RetentionRule[] = [
  {
    table: 'tblgamesession',
    key: ['id'],
    keeps: 'unused: 24 h (a session expires after 3 h); used: 1 h after its score',
    due: (now) =>
      sql`started_at < ${before(DAY_MS, now)} or submitted_at < ${before(HOUR_MS, now)}`,
  },
  {
    table: 'analytics_events',
    key: ['id'],
    keeps: '400 days (the dashboard reads up to 365)',
    due: olderThan('occurred_at', 400 * DAY_MS),
  },
  {
    table: 'client_errors',
    key: ['id'],
    keeps: '90 days, and at most CLIENT_ERROR_ROWS rows',
    due: olderThan('created_at', 90 * DAY_MS),
  },
  {
    table: 'feedback_reports',
    key: ['id'],
    keeps: '365 days (also forwarded to SITE_OWNER_EMAIL)',
    due: olderThan('created_at', 365 * DAY_MS),
  },
  {
    table: 'form_submissions',
    key: ['id'],
    keeps: '365 days (also forwarded to SITE_OWNER_EMAIL)',
    due: olderThan('created_at', 365 * DAY_MS),
  },
  {
    table: 'email_relay_log',
    key: ['id'],
    keeps: '30 days (the limit needs one hour)',
    due: olderThan('created_at', 30 * DAY_MS),
  },
  {
    table: 'auth_link_requests',
    key: ['id'],
    keeps: '1 day (the limit needs 15 minutes)',
    due: olderThan('created_at', DAY_MS),
  },
  {
    table: 'captcha_used',
    key: ['signature'],
    keeps: 'until the challenge expires',
    due: olderThan('expires_at', 0),
  },
  {
    table: 'mail_outbox',
    key: ['id'],
    keeps: '30 days, and at most 500 messages',
    due: olderThan('created_at', 30 * DAY_MS),
  },
  {
    table: 'verification',
    key: ['id'],
    keeps: '1 day after it expires (sign-in links last 10 minutes)',
    due: olderThan('expires_at', DAY_MS),
  },
  {
    table: 'session',
    key: ['id'],
    keeps: '1 day after it expires',
    due: olderThan('expires_at', DAY_MS),
  },
  {
    table: 'client_daily_writes',
    key: ['client_key', 'day', 'kind'],
    keeps: 'today and yesterday (UTC)',
    due: (now) => sql`day < ${before(DAY_MS, now).slice(0, 10)}::date`,
  },
];

async function pruneRule(database: Database, rule: RetentionRule, now: Date): Promise<number> {
  const table = sql.identifier(rule.table);
  const key = sql.join(
    rule.key.map((k) => sql.identifier(k)),
    sql`, `,
  );
  let total = 0;
  for (let batch = 0; batch < PRUNE_MAX_BATCHES; batch++) {
    const [row] = await database.rows<{ n: number }>(
      sql`with gone as (
            delete from ${table} where (${key}) in (
              select ${key} from ${table} where ${rule.due(now)} limit ${PRUNE_BATCH}
            ) returning 1
          ) select count(*)::int as n from gone`,
    );
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < PRUNE_BATCH) break;
  }
  return total;
}

/** One pass over every rule at `now`: rows deleted per table. */
export async function pruneOnce(database: Database, now: Date): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const rule of RETENTION) deleted[rule.table] = await pruneRule(database, rule, now);
  return deleted;
}

export interface Pruner {
  /** Runs a pass now (unless one is running) and resolves when it is done. */
  run(): Promise<void>;
  /** Clears the timers and waits for a pass in progress. */
  stop(): Promise<void>;
}

interface PrunerLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Prunes every `intervalMs`, the first time one minute after start (or sooner, when the
 * interval is shorter), so a server restarted often still prunes. Timers are unref'd: they
 * never keep a process alive; stop() (on app close) clears them.
 */
export function startPruner(options: {
  database: Database;
  intervalMs: number;
  log: PrunerLog;
  now?: () => Date;
}): Pruner {
  const { database, intervalMs, log } = options;
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (stopped) return Promise.resolve();
    running ??= pruneOnce(database, now())
      .then(
        (deleted) => {
          if (Object.values(deleted).some((n) => n > 0)) log.info({ deleted }, 'pruned old rows');
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message.slice(0, 300) : String(error);
          log.error({ err: { message } }, 'pruning failed; trying again at the next run');
        },
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const first = setTimeout(() => void run(), Math.min(intervalMs, 60_000));
  const every = setInterval(() => void run(), intervalMs);
  first.unref();
  every.unref();
  return {
    run,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
