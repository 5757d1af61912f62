/**
 * A chosen or dropped file as something the reader can take (issue 20 item 2: 'PNG/JPEG/PDF'):
 * a picture goes to the worker as it is (decoded there); a PDF is drawn page by page with
 * pdf.js, loaded only when a PDF is opened, with its workers served from our own origin.
 *
 * Off the main thread (omr-ux): pdf.js parses in its own worker, and since pdfjs-dist 6 it can
 * also draw there — `GlobalWorkerOptions.rendererSrc` names its renderer worker, which paints the
 * page on an OffscreenCanvas and hands back a bitmap (pdf.js falls back to drawing here, in
 * 15 ms slices, where a browser has no OffscreenCanvas or module workers).
 */
import { PAGE_LIMITS, pageMessages } from './pageLimits.ts';

export type OpenedPageFile =
  | { readonly kind: 'image'; readonly name: string; readonly page: Blob }
  | {
      readonly kind: 'pdf';
      readonly name: string;
      readonly pageCount: number;
      /** Page 1… drawn at PAGE_LIMITS.pdfDpi as a PNG picture. */
      readonly renderPage: (pageNumber: number) => Promise<Blob>;
    }
  | { readonly kind: 'error'; readonly message: string };

export function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

export async function openPageFile(file: File): Promise<OpenedPageFile> {
  if (file.size > PAGE_LIMITS.maxFileBytes) {
    return { kind: 'error', message: pageMessages.tooLarge(file.name) };
  }
  if (!isPdf(file)) {
    if (file.type && !file.type.startsWith('image/')) {
      return { kind: 'error', message: pageMessages.notAPage(file.name) };
    }
    return { kind: 'image', name: file.name, page: file };
  }
  try {
    const [pdfjs, worker, renderer] = await Promise.all([
      import('pdfjs-dist'),
      import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
      import('pdfjs-dist/build/pdf.renderer.min.mjs?url'),
    ]);
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    pdfjs.GlobalWorkerOptions.rendererSrc = renderer.default;
    const doc = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()) }).promise;
    return {
      kind: 'pdf',
      name: file.name,
      pageCount: doc.numPages,
      async renderPage(pageNumber) {
        const page = await doc.getPage(pageNumber);
        // pdf.js units are points (1/72 inch); keep the longer side within the reader's limit.
        const natural = page.getViewport({ scale: 1 });
        const scale = Math.min(
          PAGE_LIMITS.pdfDpi / 72,
          PAGE_LIMITS.maxSide / Math.max(natural.width, natural.height),
        );
        const viewport = page.getViewport({ scale });
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        await page.render({ canvas, viewport, background: '#ffffff' }).promise;
        return new Promise<Blob>((resolve, reject) =>
          canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/png'),
        );
      },
    };
  } catch {
    return { kind: 'error', message: pageMessages.pdfFailed(file.name) };
  }
}
