/**
 * How the band page words a band's facts (issue 16 item 4). Pure, so the wording is tested
 * without rendering.
 */
import type { Practice } from '../../../contracts/directory/directorySchemas.ts';
import {
  RECRUITING_LABELS,
  WEEKDAYS,
  WEEKDAY_LABELS,
  type Recruiting,
} from '../../../contracts/directory/directoryTerms.ts';

/** 'Tuesday, 19:30–21:30', Monday first. */
export function practiceLines(practice: readonly Practice[]): string[] {
  return [...practice]
    .sort(
      (a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.start.localeCompare(b.start),
    )
    .map((p) => `${WEEKDAY_LABELS[p.day]}, ${p.start}–${p.end}`);
}

/** 'Pipers, Snare drummers and Learners', or null when the band is not recruiting. */
export function recruitingLine(recruiting: readonly Recruiting[]): string | null {
  const labels = recruiting.map((r) => RECRUITING_LABELS[r]);
  if (labels.length === 0) return null;
  if (labels.length === 1) return labels[0]!;
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)!}`;
}

/** A social or web link's visible text: its host and path, without the scheme. */
export function linkLabel(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/+$/, '');
    return `${parsed.host.replace(/^www\./, '')}${path}`;
  } catch {
    return url;
  }
}

/** 'GB' → 'United Kingdom' (the gazetteer stores ISO 3166 codes); the code if unknown. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
