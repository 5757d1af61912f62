/**
 * 'Listings unconfirmed for 12 months are hidden, with a reminder mail a month before' (issue 16
 * item 3). A periodic pass mails each band's managers once, remindBeforeDays before the listing
 * lapses; `reminder_sent_at` makes it once (confirming clears it for next year). Lapsed listings
 * need no job: bandListing.ts leaves them out of every public read. Time is a parameter, so
 * tests remind at a chosen instant; the timer mirrors the pruner's (services/pruner.ts).
 */
import { and, eq, inArray, isNull, lt, ne } from 'drizzle-orm';
import { bandMessages } from '../../../contracts/directory/bandMessages.ts';
import { DIRECTORY_LIMITS } from '../../../contracts/directory/directoryTerms.ts';
import { paths } from '../../../contracts/routes.ts';
import type { Database } from '../../db/client.ts';
import { authUser, band_managers, bands } from '../../db/schema/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { confirmCutoff, reminderCutoff } from './bandListing.ts';

/** Bands one pass reminds at most; the rest at the next pass. */
export const REMINDERS_PER_PASS = 200;

export interface ReminderDeps {
  readonly database: Database;
  readonly mailer: Pick<Mailer, 'send'>;
  readonly siteUrl: string;
}

/** One pass at `now`: the number of bands reminded. */
export async function remindUnconfirmedBands(deps: ReminderDeps, now: Date): Promise<number> {
  const db = deps.database.db;
  const due = await db
    .select({ id: bands.id, name: bands.name, confirmedAt: bands.confirmed_at })
    .from(bands)
    .where(
      and(
        // Rejected and hidden listings are not listed anyway; nothing to keep alive.
        inArray(bands.status, ['public', 'pending']),
        lt(bands.confirmed_at, reminderCutoff(now).toISOString()),
        isNull(bands.reminder_sent_at),
      ),
    )
    .limit(REMINDERS_PER_PASS);
  const link = `${deps.siteUrl.replace(/\/+$/, '')}${paths.bandProfile}`;
  let reminded = 0;
  for (const band of due) {
    // Claim the band first, so two instances never mail it twice.
    const claimed = await db
      .update(bands)
      .set({ reminder_sent_at: now.toISOString() })
      .where(and(eq(bands.id, band.id), isNull(bands.reminder_sent_at)))
      .returning({ id: bands.id });
    if (claimed.length === 0) continue;
    const managers = await db
      .select({ email: authUser.email })
      .from(band_managers)
      .innerJoin(authUser, eq(authUser.id, band_managers.user_id))
      .where(and(eq(band_managers.band_id, band.id), ne(authUser.email, '')));
    const lapses = new Date(
      new Date(band.confirmedAt).getTime() + DIRECTORY_LIMITS.confirmAfterDays * 86_400_000,
    );
    const lapsed = new Date(band.confirmedAt) <= confirmCutoff(now);
    for (const { email } of managers) {
      await deps.mailer.send({
        to: email,
        subject: bandMessages.reminderSubject(band.name),
        text:
          `${band.name} was last confirmed on ${band.confirmedAt.slice(0, 10)}. ` +
          (lapsed
            ? `Its listing is no longer shown in the band finder.`
            : `Unless someone confirms it, the listing will stop showing in the band finder on ${lapses.toISOString().slice(0, 10)}.`) +
          `\n\nIf the details are still right, confirm the listing here:\n${link}\n`,
      });
    }
    reminded++;
  }
  return reminded;
}

interface ReminderLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Runs a pass every `intervalMs` (unref'd timers, like the pruner); stop() on app close. */
export function startBandReminders(
  deps: ReminderDeps & { intervalMs: number; log: ReminderLog; now?: () => Date },
): { run(): Promise<void>; stop(): Promise<void> } {
  const now = deps.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (stopped) return Promise.resolve();
    running ??= remindUnconfirmedBands(deps, now())
      .then(
        (n) => {
          if (n > 0) deps.log.info({ reminded: n }, 'band confirmation reminders sent');
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message.slice(0, 300) : String(error);
          deps.log.error({ err: { message } }, 'band reminders failed; trying at the next run');
        },
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const first = setTimeout(() => void run(), Math.min(deps.intervalMs, 60_000));
  const every = setInterval(() => void run(), deps.intervalMs);
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
