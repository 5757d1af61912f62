/**
 * Ending brackets that run on from one line to the next (issue 20 item 1: repeats and endings).
 * An ending whose bars straddle a line break is printed as two brackets: the first runs to the
 * end of its line with no hook there, the second covers the next line's first bars. Engravers
 * differ over the second: ours (and many) draw a hook and the number again, others a bare line
 * hooked only where the ending ends. Counted as two endings, the second would be numbered '2'
 * and every later ending shifted by one.
 *
 * So a line's first bracket continues the ending above when it starts in the line's first bar
 * and the line above ended inside an open bracket: one reaching that line's last bar with no
 * hook at its end. A bracket hooked only at its end is kept only as such a continuation.
 */
import type { EndingSpan } from './readEndings.ts';

/** What a line's bars span, in the page columns the brackets were read in. */
export interface LineExtent {
  /** The first bar's right end (its closing bar line). */
  readonly firstBarEnd: number;
  /** The last bar's left start. */
  readonly lastBarStart: number;
}

export interface LineEndings {
  /** The brackets read on the line that count, in order. */
  readonly spans: readonly EndingSpan[];
  /** Its first span goes on from the line above: no new ending starts there. */
  readonly carriedIn: boolean;
  /** Its last span goes on over the next line: the ending does not end on this line. */
  readonly carriedOut: boolean;
}

export function continuedEndings(
  lines: readonly LineExtent[],
  endings: readonly (readonly EndingSpan[])[],
): LineEndings[] {
  const carried = lines.map((line, li) => {
    const first = endings[li]?.[0];
    const above = li > 0 ? endings[li - 1]?.at(-1) : undefined;
    const aboveLine = lines[li - 1];
    if (!first || !above || !aboveLine) return false;
    return first.x0 < line.firstBarEnd && !above.endHook && above.x1 > aboveLine.lastBarStart;
  });
  return lines.map((_, li) => {
    const carriedIn = carried[li]!;
    const spans = (endings[li] ?? []).filter((e, i) => e.startHook || (i === 0 && carriedIn));
    return { spans, carriedIn, carriedOut: carried[li + 1] ?? false };
  });
}
