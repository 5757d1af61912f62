/**
 * The daily caps' defaults and the DAILY_WRITE_CAPS reader (issue 13.10), apart from the
 * service so config.ts can check the variable at start without loading the database layer.
 */

/** The tables anonymous callers add rows to, with rows one client may add per UTC day. */
export const DEFAULT_DAILY_CAPS = {
  /** A long practice day sends a few hundred events; a script sends thousands a second. */
  analytics_events: 2000,
  client_errors: 200,
  feedback_reports: 20,
  form_submissions: 20,
  /** One per game; a game lasts at least a minute, so 500 is over eight hours of play. */
  tblgamesession: 500,
  /** Scores without a game session (SCORE_SESSIONS=optional); with one, sessions bound them. */
  tblblasterhighscore: 500,
  /** Library uploads (issue 15 item 3): a whole book of tunes, one by one, in a day. */
  library_settings: 200,
  /** Library reports, signed in or not (issue 15 item 3). */
  library_reports: 20,
  /** 'Report this listing' on bands and tutors, signed in or not (issue 16 item 7). */
  listing_reports: 20,
} as const;
export type DailyCapKind = keyof typeof DEFAULT_DAILY_CAPS;
export type DailyCaps = Readonly<Record<DailyCapKind, number>>;
export const dailyCapKinds = Object.keys(DEFAULT_DAILY_CAPS) as DailyCapKind[];

/**
 * DAILY_WRITE_CAPS, e.g. `analytics_events=5000,feedback_reports=50`: the tables named take
 * the given cap, the others keep the default. A club behind one address may raise them.
 * Returns an error message for a bad value, naming it.
 */
export function parseDailyCaps(text: string): DailyCaps | string {
  const caps: Record<DailyCapKind, number> = { ...DEFAULT_DAILY_CAPS };
  for (const part of text.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    const match = /^([a-z_]+)=(\d{1,9})$/.exec(part);
    const kind = match?.[1];
    if (!match || !kind || !Object.hasOwn(DEFAULT_DAILY_CAPS, kind)) {
      return `'${part}' is not table=number with a table among ${dailyCapKinds.join(', ')}`;
    }
    caps[kind as DailyCapKind] = Number(match[2]);
  }
  return caps;
}

/**
 * DAILY_WRITE_CAPS for a server whose every request comes from one address on purpose: the
 * browser tests and the benchmarks (the caps themselves are proved by the API tests).
 */
export const LIFTED_DAILY_CAPS = dailyCapKinds.map((kind) => `${kind}=999999999`).join(',');
