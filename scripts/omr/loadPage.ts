/**
 * A page of pipe music from a file, in Node, as the recogniser's GrayImage (issue 20 item 3):
 * PNG and JPEG through sharp (EXIF orientation applied, transparency laid on white, grey
 * levels), PDF through pdfjs-dist's legacy build drawing on @napi-rs/canvas at 200 dpi.
 *
 * It lives under scripts/ because only `npm run omr` and `npm run bench:omr` read files in Node:
 * the /omr screen decodes the picture in the browser and recognises it in a Web Worker, so the
 * server never sees a page (no upload, no server work per picture).
 *
 * It never throws: every failure is a one-line message ('Not a PNG, JPEG or PDF file', 'The
 * picture is damaged or incomplete', …) for the command to print without a stack trace.
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { fail, ok, type Result } from '../../src/contracts/result.ts';
import { grayFromRgba } from '../../src/music/omr/grayFromRgba.ts';
import type { GrayImage } from '../../src/music/omr/omrTypes.ts';

/** Limits on what a page may be: the recogniser's time grows with pixels (≤ 5 s per page). */
export const PAGE_LIMITS = {
  /** A 600 dpi A4 scan as a PNG is about 10 MB; 50 MB leaves room and stops a runaway file. */
  maxBytes: 50 * 1024 * 1024,
  /** Decoded pixels before scaling: 100 megapixels (a 600 dpi A3 scan is 70). */
  maxInputPixels: 100_000_000,
  /** The long side after scaling: 4000 px is A4 at about 340 dpi, more than the reader needs. */
  maxSide: 4000,
  /** PDF pages are drawn at this many dots per inch (the bench's middle resolution). */
  pdfDpi: 200,
} as const;

export const pageMessages = {
  tooLarge: `The file is larger than ${PAGE_LIMITS.maxBytes / 1024 / 1024} MB`,
  tooManyPixels: `The picture has more than ${PAGE_LIMITS.maxInputPixels / 1_000_000} million pixels`,
  unsupported: 'Not a PNG, JPEG or PDF file',
  damaged: 'The picture is damaged or incomplete',
  pdfDamaged: 'The PDF is damaged or cannot be read',
  pdfEncrypted: 'The PDF is password-protected',
  noPage: (page: number, pages: number) =>
    `There is no page ${page}: the file has ${pages} page${pages === 1 ? '' : 's'}`,
} as const;

export type PageFormat = 'png' | 'jpeg' | 'pdf';

export interface LoadedPage {
  readonly image: GrayImage;
  readonly format: PageFormat;
  /** 1-based page read. */
  readonly page: number;
  /** Pages in the file (1 for a picture). */
  readonly pages: number;
  /** Whether the picture was scaled down to PAGE_LIMITS.maxSide. */
  readonly scaled: boolean;
}

export interface LoadOptions {
  /** 1-based page of a PDF; pictures have only page 1. */
  readonly page?: number;
  readonly maxSide?: number;
}

/** What the file is by its first bytes, never by its name: a .png that is a JPEG still reads. */
export function formatOf(bytes: Uint8Array): PageFormat | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  // '%PDF-' may follow a little junk (the PDF spec's readers allow it within the first 1024 bytes).
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  return null;
}

export async function loadPage(
  bytes: Uint8Array,
  options: LoadOptions = {},
): Promise<Result<LoadedPage>> {
  if (bytes.length > PAGE_LIMITS.maxBytes) return fail(pageMessages.tooLarge, 'too-large');
  const format = formatOf(bytes);
  if (format === null) return fail(pageMessages.unsupported, 'unsupported');
  const page = options.page ?? 1;
  const maxSide = options.maxSide ?? PAGE_LIMITS.maxSide;
  if (format === 'pdf') return loadPdfPage(bytes, page, maxSide);
  if (page !== 1) return fail(pageMessages.noPage(page, 1), 'no-page');
  return loadPicture(bytes, format, maxSide);
}

async function loadPicture(
  bytes: Uint8Array,
  format: 'png' | 'jpeg',
  maxSide: number,
): Promise<Result<LoadedPage>> {
  try {
    const input = sharp(bytes, { limitInputPixels: PAGE_LIMITS.maxInputPixels, failOn: 'error' });
    const meta = await input.metadata();
    // EXIF orientations 5–8 swap width and height.
    const swap = (meta.orientation ?? 1) >= 5;
    const width = swap ? meta.height : meta.width;
    const height = swap ? meta.width : meta.height;
    const scaled = Math.max(width, height) > maxSide;
    const { data, info } = await input
      .rotate() // EXIF orientation: a phone photo taken sideways reads upright
      .flatten({ background: '#ffffff' })
      .greyscale()
      .resize(
        scaled
          ? { width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true }
          : undefined,
      )
      .extractChannel(0)
      .raw({ depth: 'uchar' }) // 16-bit scans come out as 8-bit grey levels too
      .toBuffer({ resolveWithObject: true });
    const image = { width: info.width, height: info.height, data: new Uint8Array(data) };
    return ok({ image, format, page: 1, pages: 1, scaled });
  } catch (error) {
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) return fail(pageMessages.tooManyPixels, 'too-many-pixels');
    return fail(pageMessages.damaged, 'damaged');
  }
}

/**
 * pdf.js 6 asks for Node 22 (package engines) but the project supports Node ≥ 20.19
 * (package.json): its legacy build runs on Node 20 once Promise.withResolvers (ES2024, Node 22)
 * exists, which is all it lacked when tried. The standard's own definition, added only if absent.
 */
function providePromiseWithResolvers(): void {
  const P = Promise as unknown as { withResolvers?: unknown };
  if (typeof P.withResolvers === 'function') return;
  P.withResolvers = function withResolvers<T>() {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}

async function loadPdfPage(
  bytes: Uint8Array,
  pageNumber: number,
  maxSide: number,
): Promise<Result<LoadedPage>> {
  providePromiseWithResolvers();
  // Loaded on demand: pdf.js is large and a picture never needs it.
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
  try {
    doc = await pdfjs.getDocument({
      // pdf.js takes ownership of (detaches) the buffer it is given: a copy keeps the caller's.
      data: new Uint8Array(bytes),
      verbosity: 0, // its warnings about fonts are not the piper's business
      useSystemFonts: false,
    }).promise;
  } catch (error) {
    if ((error as Error).name === 'PasswordException')
      return fail(pageMessages.pdfEncrypted, 'encrypted');
    return fail(pageMessages.pdfDamaged, 'damaged');
  }
  try {
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > doc.numPages)
      return fail(pageMessages.noPage(pageNumber, doc.numPages), 'no-page');
    const page = await doc.getPage(pageNumber);
    const atDpi = page.getViewport({ scale: PAGE_LIMITS.pdfDpi / 72 });
    const longSide = Math.max(atDpi.width, atDpi.height);
    const scaled = longSide > maxSide;
    const viewport = scaled
      ? page.getViewport({ scale: (maxSide / longSide) * (PAGE_LIMITS.pdfDpi / 72) })
      : atDpi;
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    if (width * height > PAGE_LIMITS.maxInputPixels)
      return fail(pageMessages.tooManyPixels, 'too-many-pixels');
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    const rgba = context.getImageData(0, 0, width, height).data;
    const image = grayFromRgba(width, height, rgba);
    return ok({ image, format: 'pdf', page: pageNumber, pages: doc.numPages, scaled });
  } catch {
    return fail(pageMessages.pdfDamaged, 'damaged');
  } finally {
    await doc.cleanup();
    await doc.loadingTask.destroy();
  }
}
