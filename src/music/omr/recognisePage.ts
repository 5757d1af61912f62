/**
 * Optical music recognition for Highland pipe notation (issue 20 item 1): one page in, the
 * app's tune model out, with each bar's place on the page and how sure the reader is. Pure —
 * no DOM, no Node — so it runs in the /omr screen's worker and in `npm run omr` alike.
 *
 * Classical image processing, every measure in staff spaces so other engravers, resolutions,
 * blur and noise read alike (docs/decisions/033-optical-music-recognition.md):
 *   binarise (local threshold) → deskew (sharpest row projection) → staves (run lengths,
 *   five equally spaced lines) → remove staff lines → per staff: stems, heads, beams, dots,
 *   bar lines → graces to embellishments → tune model.
 */
import { assembleTune } from './assembleTune.ts';
import { binarise } from './binarise.ts';
import { levelPage } from './levelPage.ts';
import { omrMessages, type GrayImage, type OmrResult } from './omrTypes.ts';
import { readEndings } from './readEndings.ts';
import { readLineTies } from './readLineTies.ts';
import { readStaff } from './readStaff.ts';
import { readTimeSignature } from './readTimeSignature.ts';
import { removeStaffLines } from './removeStaffLines.ts';

export interface RecogniseOptions {
  /** Skip the skew estimate (a page known to be level). */
  readonly level?: boolean;
  /** Where the reader is, for a progress bar: 'staves' then 'notes', fraction 0–1 (/omr, omr-ux). */
  readonly onProgress?: (stage: string, fraction: number) => void;
}

export function recognisePage(image: GrayImage, options: RecogniseOptions = {}): OmrResult {
  options.onProgress?.('staves', 0);
  const { page, staves, slope, offset, toPage } = levelPage(binarise(image), options.level);
  if (staves.length === 0) return { ok: false, error: omrMessages.noStaves };
  const clean = removeStaffLines(page, staves);
  const perStaff = staves.map((staff, i) => {
    options.onProgress?.('notes', i / staves.length);
    const prev = staves[i - 1];
    const next = staves[i + 1];
    const s = staff.space;
    const top = prev ? (prev.lines[4] + staff.lines[0]) / 2 : staff.lines[0] - s * 6;
    const bottom = next ? (staff.lines[4] + next.lines[0]) / 2 : staff.lines[4] + s * 6;
    return readStaff(clean, staff, top, bottom, page);
  });
  const acrossLines = readLineTies(clean, perStaff);
  const readings = perStaff.map((r) =>
    r.notes.some((n) => acrossLines.has(n))
      ? { ...r, tied: new Set([...r.tied, ...r.notes.filter((n) => acrossLines.has(n))]) }
      : r,
  );
  if (readings.every((r) => r.notes.length === 0))
    return { ok: false, error: omrMessages.noStaves };
  const hint = readTimeSignature(clean, readings[0]!, page);
  const endings = staves.map((staff, i) =>
    readEndings(clean, staff, i > 0 ? (staves[i - 1]!.lines[4] + staff.lines[0]) / 2 : 0),
  );
  const { tune, bars, warnings } = assembleTune(readings, { slope, offset }, hint, endings);
  const onPage = bars.map((b) => ({ ...b, region: toPage(b.region), notes: b.notes.map(toPage) }));
  return { ok: true, tune, bars: onPage, warnings };
}
