/**
 * Where a page's title is (issue 20 item 1: 'the title above the music'): the band above the
 * first staff, the width of the page. Printed pipe music puts the title, then the tune's type
 * and composer, over the first line of music. A bar's region reaches three staff spaces above
 * its staff (assembleTune), past the stems of grace notes on High A, so the band ends where the
 * highest bar's region begins. Pure: the text itself is read by an OCR engine on the device
 * (src/web/features/omr/createTitleReader.ts, scripts/omr/readTitleNode.ts). */
import type { OmrBar, PageBox } from './omrTypes.ts';

/** Less than this many pixels of height above the music holds no readable line of text. */
export const MIN_TITLE_AREA_PX = 16;

export function titleArea(
  bars: readonly OmrBar[],
  page: { readonly width: number; readonly height: number },
): PageBox | null {
  if (bars.length === 0) return null;
  const bottom = Math.floor(Math.min(...bars.map((b) => b.region.y)));
  if (!(bottom >= MIN_TITLE_AREA_PX)) return null;
  return { x: 0, y: 0, width: page.width, height: Math.min(bottom, page.height) };
}
