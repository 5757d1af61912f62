/**
 * Reads the title printed above the music (issue 20 item 1) with Tesseract, on the device: the
 * band above the first staff (titleArea) is cut from the picture and read in tesseract.js's own
 * worker, whose engine and English model the app serves itself (src/contracts/ocrAssets.ts).
 * Loaded on the first page read, so no other screen pays for it; the engine stays for the next
 * page. Any failure (an old browser, offline before it was ever fetched) answers null: the tune
 * keeps the name 'Recognised tune' for the piper to change.
 */
import type Tesseract from 'tesseract.js';
import type { PageBox } from '../../../music/omr/omrTypes.ts';
import { ocrLinesOf, pickTitle } from '../../../music/omr/pickTitle.ts';
import { OCR_DIR } from '../../../contracts/ocrAssets.ts';
import type { PageSize } from './omrWorkerProtocol.ts';

export interface TitleReader {
  /** The title in `area` (in the reader's page pixels, `page` big) of `picture`, or null. */
  read(picture: Blob, page: PageSize, area: PageBox): Promise<string | null>;
  dispose(): void;
}

export type CreateTitleReader = () => TitleReader;

/**
 * A module using one WebAssembly SIMD instruction (i8x16.splat; the probe wasm-feature-detect
 * uses): valid where the engine's SIMD build runs.
 */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15,
  253, 98, 11,
]);

function hasSimd(): boolean {
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

type Engine = Tesseract.Worker;

async function startEngine(): Promise<Engine> {
  const { createWorker, OEM } = (await import('tesseract.js/dist/tesseract.esm.min.js')).default;
  const base = new URL(`${OCR_DIR}/`, location.href).href;
  const engine = await createWorker('eng', OEM.LSTM_ONLY, {
    workerPath: `${base}worker.min.js`,
    corePath: `${base}${hasSimd() ? 'tesseract-core-simd-lstm.wasm.js' : 'tesseract-core-lstm.wasm.js'}`,
    langPath: base.slice(0, -1),
    gzip: true,
    // The service worker keeps the files (OCR_CACHE); a second copy in IndexedDB would be waste.
    cacheMethod: 'none',
  });
  // A cut band carries no resolution: read it as print at 300 dpi (Tesseract guesses 70).
  await engine.setParameters({ user_defined_dpi: '300' });
  return engine;
}

/** The band of the picture, at the picture's own resolution. */
async function cut(picture: Blob, page: PageSize, area: PageBox): Promise<OffscreenCanvas> {
  const bitmap = await createImageBitmap(picture);
  try {
    const sx = bitmap.width / page.width;
    const sy = bitmap.height / page.height;
    const width = Math.max(1, Math.round(area.width * sx));
    const height = Math.max(1, Math.round(area.height * sy));
    const canvas = new OffscreenCanvas(width, height);
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d context');
    g.drawImage(bitmap, area.x * sx, area.y * sy, width, height, 0, 0, width, height);
    return canvas;
  } finally {
    bitmap.close();
  }
}

export const createTitleReader: CreateTitleReader = () => {
  let engine: Promise<Engine> | null = null;
  return {
    async read(picture, page, area) {
      let ready: Engine;
      try {
        ready = await (engine ??= startEngine());
      } catch {
        // Not loaded (offline on a first visit, no WebAssembly): try again on the next page.
        engine = null;
        return null;
      }
      try {
        const { data } = await ready.recognize(
          await cut(picture, page, area),
          {},
          { blocks: true },
        );
        return pickTitle(ocrLinesOf(data));
      } catch {
        return null;
      }
    },
    dispose() {
      const running = engine;
      engine = null;
      void running?.then((e) => e.terminate()).catch(() => undefined);
    },
  };
};
