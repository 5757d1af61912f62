/**
 * The practice history as CSV and JSON files (issue 18 item 2 'Export as CSV and JSON'). The
 * JSON is the records as stored (the sync's own shape); the CSV has one row per session with
 * readable columns. Cells that a spreadsheet would run as a formula are quoted with a leading
 * apostrophe (OWASP 'CSV injection'): a tune title is the piper's or an uploader's text.
 */
import {
  practiceToolNames,
  type ItemVerdicts,
  type PracticeRecord,
} from '../../../contracts/progress/practiceRecord.ts';

export const CSV_COLUMNS = [
  'id',
  'tool',
  'started',
  'minutes',
  'notes_played',
  'accuracy',
  'tune_id',
  'tune_title',
  'tempo_bpm',
  'embellishments',
  'flash_cards',
] as const;

function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const verdicts = (list: readonly ItemVerdicts[]) =>
  list.map((v) => `${v.key} ${v.right}/${v.wrong}/${v.missing}`).join('; ');

/** One header row and a row per session, oldest first, CRLF line ends (RFC 4180). */
export function practiceCsv(records: readonly PracticeRecord[]): string {
  const rows = [...records]
    .sort((a, b) => a.startedAt - b.startedAt)
    .map((r) =>
      [
        r.id,
        practiceToolNames[r.tool],
        new Date(r.startedAt).toISOString(),
        Math.round((r.durationMs / 60_000) * 100) / 100,
        r.notesPlayed,
        r.accuracy === null ? null : Math.round(r.accuracy * 1000) / 1000,
        r.tune?.id ?? null,
        r.tune?.title ?? null,
        r.tempo,
        // right/wrong/missing per embellishment family, right/wrong/0 per flash-card note.
        verdicts(r.families),
        verdicts(r.cards),
      ]
        .map(cell)
        .join(','),
    );
  return [CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

export function practiceJson(records: readonly PracticeRecord[]): string {
  return JSON.stringify(
    { format: 'chanterlab-practice-history', version: 1, sessions: records },
    null,
    2,
  );
}
