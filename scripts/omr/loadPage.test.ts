import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { formatOf, loadPage, PAGE_LIMITS, pageMessages } from './loadPage.ts';
import { pdfOf, pngOf, sidewaysJpegOf } from './testPages.ts';

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;

/** The grey level at (x, y). */
const at = (image: { width: number; data: Uint8Array }, x: number, y: number) =>
  image.data[y * image.width + x];

describe('loadPage (issue 20 item 3)', () => {
  it('issue 20.3: a PNG becomes grey levels, 0 ink and 255 paper, transparency as paper', async () => {
    // Transparent background with one black rectangle: the paper must come out white.
    const png = await pngOf(svg(300, 100, '<rect x="10" y="10" width="50" height="20"/>'));
    const loaded = await loadPage(png);
    expect(loaded.error).toBeNull();
    const { image, format, pages, scaled } = loaded.data!;
    expect({ format, pages, scaled }).toEqual({ format: 'png', pages: 1, scaled: false });
    expect([image.width, image.height, image.data.length]).toEqual([300, 100, 300 * 100]);
    expect(at(image, 20, 15)).toBe(0);
    expect(at(image, 200, 50)).toBe(255);
  });

  it('issue 20.3: a JPEG from a phone held sideways is turned upright by its EXIF orientation', async () => {
    const page = svg(
      300,
      100,
      '<rect width="300" height="100" fill="white"/><rect x="10" y="10" width="50" height="20"/>',
    );
    const loaded = await loadPage(await sidewaysJpegOf(page));
    expect(loaded.error).toBeNull();
    const { image, format } = loaded.data!;
    expect(format).toBe('jpeg');
    expect([image.width, image.height]).toEqual([300, 100]);
    expect(at(image, 20, 15)).toBeLessThan(40);
    expect(at(image, 250, 80)).toBeGreaterThan(215);
  });

  it('issue 20.3: 16-bit grey and CMYK pictures come out as 8-bit grey levels', async () => {
    const page = svg(
      300,
      100,
      '<rect width="300" height="100" fill="white"/><rect x="10" y="10" width="50" height="20"/>',
    );
    const deep = await sharp(Buffer.from(page)).toColourspace('grey16').png().toBuffer();
    const cmyk = await sharp(Buffer.from(page)).toColourspace('cmyk').jpeg().toBuffer();
    for (const bytes of [deep, cmyk]) {
      const { image } = (await loadPage(bytes)).data!;
      expect(image.data.length).toBe(300 * 100);
      expect(at(image, 20, 15)).toBeLessThan(40);
      expect(at(image, 200, 50)).toBeGreaterThan(215);
    }
  });

  it('issue 20.3: a very large picture is scaled so its long side is at most 4000 px', async () => {
    const big = await sharp({
      create: { width: 6000, height: 900, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const loaded = await loadPage(big);
    expect(loaded.data?.scaled).toBe(true);
    expect([loaded.data?.image.width, loaded.data?.image.height]).toEqual([
      PAGE_LIMITS.maxSide,
      600,
    ]);
  });

  it('issue 20.3: a PDF page is drawn at 200 dpi; --page picks the page', async () => {
    const pdf = pdfOf(2);
    const second = await loadPage(pdf, { page: 2 });
    expect(second.error).toBeNull();
    const { image, format, page, pages } = second.data!;
    expect({ format, page, pages }).toEqual({ format: 'pdf', page: 2, pages: 2 });
    // A4 is 8.27 × 11.69 in: 1653 × 2339 px at 200 dpi (pdf.js floors the viewport).
    expect(image.width).toBeGreaterThanOrEqual(1650);
    expect(image.height).toBeGreaterThanOrEqual(2336);
    const dpi = PAGE_LIMITS.pdfDpi / 72;
    // Page 2's bar is 100 pt lower than page 1's: ink there, paper where page 1's would be.
    expect(at(image, Math.round(200 * dpi), Math.round(202 * dpi))).toBeLessThan(40);
    expect(at(image, Math.round(200 * dpi), Math.round(102 * dpi))).toBe(255);
    const missing = await loadPage(pdf, { page: 3 });
    expect(missing.error?.message).toBe(pageMessages.noPage(3, 2));
  });

  it('issue 20.3: corrupt, truncated or unsupported files get a one-line reason, never a throw', async () => {
    const png = await pngOf(svg(300, 100, '<rect x="10" y="10" width="50" height="20"/>'));
    const pdf = pdfOf(1);
    const cases: Array<[Uint8Array, string]> = [
      [png.subarray(0, 60), pageMessages.damaged],
      [pdf.subarray(0, 200), pageMessages.pdfDamaged],
      [new TextEncoder().encode('T,"Scotland the Brave"\n'), pageMessages.unsupported],
      [new Uint8Array(0), pageMessages.unsupported],
    ];
    for (const [bytes, message] of cases) {
      expect((await loadPage(bytes)).error?.message).toBe(message);
    }
    expect((await loadPage(png, { page: 2 })).error?.message).toBe(pageMessages.noPage(2, 1));
  });

  it('issue 20.3: input is bounded: bytes before decoding, pixels before scaling', async () => {
    const tooBig = new Uint8Array(PAGE_LIMITS.maxBytes + 1);
    tooBig.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await loadPage(tooBig)).error?.message).toBe(pageMessages.tooLarge);
    // A small PNG whose header claims 12 000 × 9 000 = 108 Mpx: a decompression bomb is refused
    // from its header, before a pixel is decoded.
    const bomb = await pngOf(svg(10, 10, '<rect width="10" height="10"/>'));
    bomb.writeUInt32BE(12_000, 16);
    bomb.writeUInt32BE(9_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29); // IHDR's type and data
    expect((await loadPage(bomb)).error?.message).toBe(pageMessages.tooManyPixels);
  });

  it('issue 20.3: the format is read from the first bytes, not the file name', () => {
    expect(formatOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(formatOf(new TextEncoder().encode('%PDF-1.7\n'))).toBe('pdf');
    expect(formatOf(new TextEncoder().encode('GIF89a'))).toBeNull();
  });
});
