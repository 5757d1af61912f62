/**
 * 'Practise next' (issue 18 item 3): tunes, embellishment families and notes due for review by
 * spaced repetition (FSRS, the ts-fsrs library; DESIGN: ts-fsrs 5). Each item's results are
 * replayed in order as FSRS reviews; a result becomes a rating by its share right:
 * EASY_FROM and up Easy, GOOD_FROM Good, HARD_FROM Hard, below Again. What is due (its next
 * review at or before now) comes first, the most overdue first; then what is due soonest.
 * Pure: results in, schedule out; `now` is a parameter.
 */
import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';

export const EASY_FROM = 0.95;
export const GOOD_FROM = 0.8;
export const HARD_FROM = 0.6;

/** Where a result came from, for its words on screen. */
export type ReviewKind = 'tune' | 'embellishment' | 'note';

export interface ReviewResult {
  readonly kind: ReviewKind;
  /** Tune id, family name or pitch. */
  readonly key: string;
  readonly label: string;
  readonly at: number;
  /** 0–1. */
  readonly score: number;
}

export interface DueItem {
  readonly kind: ReviewKind;
  readonly key: string;
  readonly label: string;
  /** When FSRS wants it reviewed next (ms). */
  readonly due: number;
  /** Chance of recalling it now, 0–1. */
  readonly retrievability: number;
  readonly reviews: number;
  /** The latest result's score. */
  readonly lastScore: number;
}

export function ratingOf(score: number): Grade {
  if (score >= EASY_FROM) return Rating.Easy;
  if (score >= GOOD_FROM) return Rating.Good;
  if (score >= HARD_FROM) return Rating.Hard;
  return Rating.Again;
}

// Fuzz off: the same history always gives the same schedule (tests, two devices).
const scheduler = fsrs({ enable_fuzz: false });

/** Every item's schedule, due ones first (most overdue first), then by due date. */
export function schedule(results: readonly ReviewResult[], now: number): DueItem[] {
  const items = new Map<string, { result: ReviewResult; card: Card; reviews: number }>();
  for (const r of [...results].sort((a, b) => a.at - b.at)) {
    const id = `${r.kind}:${r.key}`;
    const was = items.get(id);
    const card = was?.card ?? createEmptyCard<Card>(new Date(r.at));
    const next = scheduler.next(card, new Date(r.at), ratingOf(r.score)).card;
    items.set(id, { result: r, card: next, reviews: (was?.reviews ?? 0) + 1 });
  }
  const out: DueItem[] = [...items.values()].map(({ result, card, reviews }) => ({
    kind: result.kind,
    key: result.key,
    label: result.label,
    due: card.due.getTime(),
    retrievability: scheduler.get_retrievability(card, new Date(now), false),
    reviews,
    lastScore: result.score,
  }));
  return out.sort((a, b) => a.due - b.due || a.label.localeCompare(b.label));
}

/** The items due now, most overdue first, at most `limit`. */
export function dueNow(results: readonly ReviewResult[], now: number, limit = 8): DueItem[] {
  return schedule(results, now)
    .filter((item) => item.due <= now)
    .slice(0, limit);
}
