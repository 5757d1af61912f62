/**
 * Small pages made on the spot for the loader's and the command's tests (issue 20 item 3): an
 * SVG drawn into PNG/JPEG by sharp, and a PDF written by @napi-rs/canvas. Nothing from the
 * corpus, nothing stored in the repo.
 */
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, loadImage, PDFDocument } from '@napi-rs/canvas';
import sharp from 'sharp';

/** A4 at 72 points per inch, as PDF pages measure it. */
const A4 = { width: 595, height: 842 } as const;

/**
 * Five-line staves with bar lines and note heads with stems down, in the proportions of a
 * printed pipe tune (staff space 8 px at 100 dpi): enough for the recogniser to find staves.
 */
export function staffPageSvg(width = 827, height = 400): string {
  const parts: string[] = [];
  const space = 8;
  for (let staff = 0; staff < 3; staff++) {
    const top = 60 + staff * 110;
    for (let l = 0; l < 5; l++)
      parts.push(`<rect x="40" y="${top + l * space}" width="${width - 80}" height="1.4"/>`);
    for (let x = 40; x <= width - 40; x += (width - 80) / 4)
      parts.push(`<rect x="${x}" y="${top}" width="1.6" height="${4 * space + 1.4}"/>`);
    for (let n = 0; n < 16; n++) {
      const x = 70 + n * ((width - 120) / 16);
      const y = top + ((n * 3) % 9) * (space / 2);
      parts.push(
        `<ellipse cx="${x}" cy="${y}" rx="5" ry="3.8" transform="rotate(-20 ${x} ${y})"/>`,
      );
      parts.push(`<rect x="${x - 5}" y="${y}" width="1.2" height="${3.5 * space}"/>`);
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="white"/><g fill="black">${parts.join('')}</g></svg>`
  );
}

export async function pngOf(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A JPEG whose EXIF says 'rotate 90° clockwise to view' (orientation 6), as phones write. */
export async function sidewaysJpegOf(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg))
    .rotate(-90)
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A PDF of A4 pages; on page `n` a black bar 200 × 4 pt at (100, 100 + 100·n). */
export function pdfOf(pages: number): Buffer {
  const doc = new PDFDocument({ title: 'test page' });
  for (let n = 0; n < pages; n++) {
    const context = doc.beginPage(A4.width, A4.height);
    context.fillStyle = '#000000';
    context.fillRect(100, 100 + 100 * n, 200, 4);
    doc.endPage();
  }
  return doc.close();
}

/**
 * `staffPageSvg`'s staves under a printed title and a type-and-composer line, as collections set
 * them. The type is LiberationSans, which pdfjs-dist ships (node_modules, so no system font
 * is needed on a new machine).
 */
export async function titledPagePng(title: string, width = 827): Promise<Buffer> {
  const fonts = createRequire(import.meta.url).resolve('pdfjs-dist/package.json');
  GlobalFonts.registerFromPath(
    fonts.replace(/package\.json$/, 'standard_fonts/LiberationSans-Bold.ttf'),
    'Test Title Sans',
  );
  const staves = await loadImage(Buffer.from(staffPageSvg(width)));
  const canvas = createCanvas(width, staves.height + 120);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#000000';
  g.textAlign = 'center';
  g.font = '28px "Test Title Sans"';
  g.fillText(title, width / 2, 50);
  g.font = '14px "Test Title Sans"';
  g.textAlign = 'left';
  g.fillText('Reel', 40, 90);
  g.textAlign = 'right';
  g.fillText('Trad.', width - 40, 90);
  g.drawImage(staves, 0, 120);
  return canvas.toBuffer('image/png');
}
