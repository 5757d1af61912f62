/**
 * Accuracy over time per tune and per embellishment family, and the tempo reached per tune
 * (issue 18 item 3), from practice sessions as plain numbers. A trend needs a few points: the
 * screen says 'Play a few more sessions to see a trend' below MIN_TREND_POINTS.
 */

export const MIN_TREND_POINTS = 3;

export interface Verdicts {
  readonly key: string;
  readonly right: number;
  readonly wrong: number;
  readonly missing: number;
}

export interface TrendSession {
  readonly startedAt: number;
  readonly accuracy: number | null;
  readonly tune: { readonly id: string; readonly title: string } | null;
  readonly tempo: number | null;
  readonly families: readonly Verdicts[];
  readonly cards?: readonly Verdicts[];
}

export interface TrendPoint {
  readonly at: number;
  /** 0–1. */
  readonly accuracy: number;
}

export interface Trend {
  readonly key: string;
  readonly label: string;
  /** Oldest first. */
  readonly points: readonly TrendPoint[];
}

/** right / all judged, or null with nothing judged. */
export function ratioOf(v: Verdicts): number | null {
  const all = v.right + v.wrong + v.missing;
  return all === 0 ? null : v.right / all;
}

function byLatest(a: Trend, b: Trend): number {
  return (b.points.at(-1)?.at ?? 0) - (a.points.at(-1)?.at ?? 0) || a.label.localeCompare(b.label);
}

/** Each tune's judged sessions (Play Along), most recently practised tune first. */
export function accuracyByTune(sessions: readonly TrendSession[]): Trend[] {
  const tunes = new Map<string, { label: string; points: TrendPoint[] }>();
  for (const s of [...sessions].sort((a, b) => a.startedAt - b.startedAt)) {
    if (!s.tune || s.accuracy === null) continue;
    const entry = tunes.get(s.tune.id) ?? { label: s.tune.title || s.tune.id, points: [] };
    entry.points.push({ at: s.startedAt, accuracy: s.accuracy });
    entry.label = s.tune.title || entry.label;
    tunes.set(s.tune.id, entry);
  }
  return [...tunes].map(([key, t]) => ({ key, label: t.label, points: t.points })).sort(byLatest);
}

/** Each embellishment family's share of right verdicts per session, most recent first. */
export function accuracyByFamily(sessions: readonly TrendSession[]): Trend[] {
  const families = new Map<string, TrendPoint[]>();
  for (const s of [...sessions].sort((a, b) => a.startedAt - b.startedAt)) {
    for (const f of s.families) {
      const accuracy = ratioOf(f);
      if (accuracy === null) continue;
      const points = families.get(f.key) ?? [];
      points.push({ at: s.startedAt, accuracy });
      families.set(f.key, points);
    }
  }
  return [...families].map(([key, points]) => ({ key, label: key, points })).sort(byLatest);
}

export interface TempoReached {
  readonly key: string;
  readonly label: string;
  /** The fastest tempo played, and when first reached. */
  readonly best: number;
  readonly at: number;
  /** The tempo of the latest session. */
  readonly latest: number;
  readonly sessions: number;
}

/** The fastest and latest tempo per tune, most recently practised first. */
export function tempoByTune(sessions: readonly TrendSession[]): TempoReached[] {
  const tunes = new Map<string, TempoReached>();
  for (const s of [...sessions].sort((a, b) => a.startedAt - b.startedAt)) {
    if (!s.tune || s.tempo === null) continue;
    const was = tunes.get(s.tune.id);
    tunes.set(s.tune.id, {
      key: s.tune.id,
      label: s.tune.title || was?.label || s.tune.id,
      best: was && was.best >= s.tempo ? was.best : s.tempo,
      at: was && was.best >= s.tempo ? was.at : s.startedAt,
      latest: s.tempo,
      sessions: (was?.sessions ?? 0) + 1,
    });
  }
  const latestAt = new Map<string, number>();
  for (const s of sessions)
    if (s.tune) latestAt.set(s.tune.id, Math.max(latestAt.get(s.tune.id) ?? 0, s.startedAt));
  return [...tunes.values()].sort(
    (a, b) =>
      (latestAt.get(b.key) ?? 0) - (latestAt.get(a.key) ?? 0) || a.label.localeCompare(b.label),
  );
}
