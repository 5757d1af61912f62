/**
 * How big a page /omr reads (issue 20 item 2: 'bounded size with a clear message'). A phone
 * photo is 12–50 megapixels; the reader needs about 200 dpi (an A4 page ≈ 1,650 × 2,340 px),
 * so larger pictures are scaled down to MAX_PAGE_SIDE on their longer side rather than refused.
 */
export const PAGE_LIMITS = {
  /** A scanned page or phone photo is a few MB; a 40 MB file is not one page of music. */
  maxFileBytes: 40_000_000,
  /** Longest side the reader gets, in pixels (A4 at 300 dpi is 3,508 px tall). */
  maxSide: 3_600,
  /** Below this on the shorter side, staff lines are a pixel apart: too small to read. */
  minSide: 300,
  /** PDF pages are drawn at about this resolution (pdf.js units are 1/72 inch). */
  pdfDpi: 200,
} as const;

export const pageMessages = {
  tooLarge: (name: string) =>
    `“${name}” is larger than 40 MB. Choose a single page: a photo, a scan or a one-page PDF.`,
  tooSmall: (name?: string) =>
    `${name ? `“${name}”` : 'This picture'} is too small to read. Use a picture at least ${PAGE_LIMITS.minSide} pixels wide, ideally a scan at 200 dpi or a sharp phone photo.`,
  notAPage: (name?: string) =>
    `${name ? `“${name}”` : 'This file'} could not be opened as a picture or PDF. Choose a PNG, JPEG or PDF file.`,
  pdfFailed: (name: string) => `“${name}” could not be read as a PDF.`,
  workerFailed: 'The music reader stopped unexpectedly. Please try again, or try another picture.',
} as const;

/** The scale that brings a page within the limits (1 when it already fits). */
export function fitScale(width: number, height: number): number {
  const longest = Math.max(width, height);
  return longest > PAGE_LIMITS.maxSide ? PAGE_LIMITS.maxSide / longest : 1;
}
