/**
 * The title above the music read with no browser (`npm run omr`, issue 20 items 1 and 3): the
 * band above the first staff cut from the grey page and read by Tesseract (tesseract.js in a
 * Node worker thread) with the English model from node_modules — the same engine and model the
 * /omr screen uses (src/contracts/ocrAssets.ts), no download.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';
import { OCR_FILES } from '../../src/contracts/ocrAssets.ts';
import type { GrayImage, PageBox } from '../../src/music/omr/omrTypes.ts';
import { ocrLinesOf, pickTitle } from '../../src/music/omr/pickTitle.ts';

const require = createRequire(import.meta.url);

/** The band of the page as a PNG (Tesseract reads image files). */
function cut(image: GrayImage, area: PageBox): Promise<Buffer> {
  const x0 = Math.max(0, Math.floor(area.x));
  const y0 = Math.max(0, Math.floor(area.y));
  const width = Math.min(image.width - x0, Math.ceil(area.width));
  const height = Math.min(image.height - y0, Math.ceil(area.height));
  const band = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const from = (y0 + y) * image.width + x0;
    band.set(image.data.subarray(from, from + width), y * width);
  }
  return sharp(band, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

export interface NodeTitleReader {
  read(image: GrayImage, area: PageBox): Promise<string | null>;
  close(): Promise<void>;
}

/** One Tesseract worker for many pages (the benchmark); `readTitleNode` for one. */
export async function createNodeTitleReader(): Promise<NodeTitleReader> {
  const langPath = dirname(require.resolve(OCR_FILES['eng.traineddata.gz']));
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath,
    gzip: true,
    cacheMethod: 'none',
  });
  // The band carries no resolution; printed titles are read as at 300 dpi (Tesseract warns
  // and guesses 70 otherwise).
  await worker.setParameters({ user_defined_dpi: '300' });
  return {
    async read(image, area) {
      const { data } = await worker.recognize(await cut(image, area), {}, { blocks: true });
      return pickTitle(ocrLinesOf(data));
    },
    close: async () => {
      await worker.terminate();
    },
  };
}

export async function readTitleNode(image: GrayImage, area: PageBox): Promise<string | null> {
  const reader = await createNodeTitleReader();
  try {
    return await reader.read(image, area);
  } finally {
    await reader.close();
  }
}
